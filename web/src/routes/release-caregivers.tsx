import { PageHeader } from "@/components/page-header";
import { useBeneficiaries } from "@/features/beneficiaries/api/list-beneficiaries";
import { CaregiversScreen } from "@/features/incapacity/components/caregivers-screen";

/** /release/caregivers: who can read what while the owner cannot act (docs/decisions/093). */
export default function ReleaseCaregiversScreen() {
  const people = useBeneficiaries();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="If you cannot act"
        description="Choose who can read some of your items, for a time, while you cannot look after your affairs."
        back={{ to: "/release", label: "Release Plan" }}
      />
      <CaregiversScreen people={people.data?.map((p) => ({ name: p.name, email: p.email }))} />
    </div>
  );
}
