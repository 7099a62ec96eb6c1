import { WISHES_MSG } from "@common/assets/wishes";
import { Navigate, useNavigate, useParams } from "react-router";
import { LoadError } from "@/components/load-error";
import { Loading } from "@/components/loading";
import { useAssets } from "@/features/assets/api/list-assets";
import { AssetNewScreen } from "@/features/assets/components/asset-new-screen";
import { BeneficiaryFieldProvider } from "@/features/assets/components/beneficiary-field";
import { WishesForm } from "@/features/assets/wishes/components/wishes-form";
import { BeneficiaryPicker } from "@/features/beneficiaries/components/beneficiary-picker";
import { errorMessage } from "@/lib/api-client";
import WishesDetailScreen from "./wishes-detail";

/**
 * /wishes: the owner's final wishes (decision 097), one per owner: their page when written, else
 * the form to write them; /wishes/{id}: the page itself (one lazy route for both).
 */
export default function WishesScreen() {
  const { id } = useParams();
  return id ? <WishesDetailScreen /> : <WishesStart />;
}

function WishesStart() {
  const navigate = useNavigate();
  const list = useAssets("wishes");
  if (list.error)
    return (
      <div className="mx-auto grid max-w-2xl gap-6">
        <LoadError onRetry={() => void list.refetch()}>
          {errorMessage(list.error, WISHES_MSG.loadFailed)}
        </LoadError>
      </div>
    );
  if (!list.data) return <Loading variant="detail" />;
  const [written] = list.data;
  if (written) return <Navigate to={`/wishes/${written.id}`} replace />;
  return (
    <BeneficiaryFieldProvider renderPicker={(field) => <BeneficiaryPicker {...field} />}>
      <AssetNewScreen
        title="Your final wishes"
        description="Your wishes for your funeral, for the people who will arrange it. Everything here is encrypted in your browser before it is sent. Leave out anything you have not decided."
        back={{ to: "/dashboard", label: "Back to the dashboard" }}
      >
        <WishesForm onSaved={(id) => navigate(`/wishes/${id}`, { replace: true })} />
      </AssetNewScreen>
    </BeneficiaryFieldProvider>
  );
}
