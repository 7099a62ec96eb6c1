import { estateCsv } from "@common/assets/estate-csv";

/** The example file offered on the import screen: one row per common kind, in the columns the import reads. */
export const exampleEstateCsv = () =>
  estateCsv([
    {
      title: "Joint current account",
      content: {
        category: "bank",
        institution: "Northshire Bank",
        reference: "Sort code 12-34-56, account 12345678",
        contact: "Bereavement team, 0800 000 0000",
        action: "close",
        instructions: "Move what is left to the savings account, then close it.",
      },
    },
    {
      title: "Work pension",
      content: {
        category: "pension",
        institution: "Acme Pensions",
        reference: "Member PX-0001",
        contact: "acme-pensions.example",
        action: "transfer",
        instructions: "The nomination form names Sam.",
      },
    },
    {
      title: "Streaming service",
      content: {
        category: "subscription",
        institution: "Streamly",
        reference: "",
        contact: "",
        action: "close",
        instructions: "Paid monthly by card.",
      },
    },
  ]);
