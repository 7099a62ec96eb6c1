import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderScreen } from "@/testing/render-screen";
import type { BeneficiaryInput } from "../api/create-beneficiary";
import { BeneficiaryFormFields } from "./beneficiary-form";

const renderForm = (initial?: Parameters<typeof BeneficiaryFormFields>[0]["initial"]) => {
  const onSubmit = vi.fn((_: BeneficiaryInput) => Promise.resolve());
  renderScreen(
    <BeneficiaryFormFields
      initial={initial}
      submitLabel="Save"
      pendingLabel="Saving..."
      failedMessage="Failed"
      cancelTo="/beneficiaries"
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
};

describe("a person's roles on their form (decision 091)", () => {
  it("names someone executor and legal contact with what each role gives", async () => {
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Emma Stone" } });
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "Emma@Example.com" } });
    const executor = screen.getByRole("checkbox", { name: "Executor" });
    expect(executor.getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText(/sees your estate inventory/)).toBeTruthy();
    fireEvent.click(executor);
    fireEvent.click(screen.getByRole("checkbox", { name: "Legal contact" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      email: "emma@example.com",
      isExecutor: true,
      isLegalContact: true,
    });
  });

  it("shows the roles a person holds, and takes one away", async () => {
    const onSubmit = renderForm({
      name: "Emma",
      email: "emma@example.com",
      phone: "",
      relationship: "",
      notes: "",
      isExecutor: true,
      isLegalContact: false,
    });
    const executor = screen.getByRole("checkbox", { name: "Executor" }) as HTMLInputElement;
    expect(executor.checked).toBe(true);
    fireEvent.click(executor);
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ isExecutor: false, isLegalContact: false });
  });
});
