import { describe, expect, it } from "vitest";
import {
  ESTATE_IMPORT_MAX_ROWS,
  ESTATE_MSG,
  estateContentSchema,
  findByLabel,
  ESTATE_CATEGORIES,
  openedEstateSchema,
  type EstateContent,
} from "./estate.js";
import { EstateCsvError, estateCsv, readEstateCsv } from "./estate-csv.js";

const good: EstateContent = {
  category: "bank",
  institution: "Northshire Bank",
  reference: "12-34-56 / 12345678",
  contact: "+44 20 7946 0000",
  action: "close",
  instructions: "Move what is left to the joint account.",
};

describe("estateContentSchema", () => {
  it("takes a full entry, trims its text, and an entry with no action decided", () => {
    expect(estateContentSchema.parse({ ...good, institution: "  Northshire Bank " })).toEqual(good);
    expect(estateContentSchema.parse({ ...good, action: null }).action).toBeNull();
  });

  it("refuses an unknown category or action, a field too long and an unknown field", () => {
    const issues = (v: unknown) =>
      estateContentSchema.safeParse(v).error?.issues.map((i) => i.message);
    expect(issues({ ...good, category: "yacht" })).toEqual([ESTATE_MSG.categoryRequired]);
    expect(estateContentSchema.safeParse({ ...good, action: "sell" }).success).toBe(false);
    expect(issues({ ...good, reference: "x".repeat(201) })).toEqual([ESTATE_MSG.referenceTooLong]);
    expect(issues({ ...good, instructions: "x".repeat(5001) })).toEqual([
      ESTATE_MSG.instructionsTooLong,
    ]);
    expect(estateContentSchema.safeParse({ ...good, seedPhrase: "abandon" }).success).toBe(false);
  });

  it("reads an opened entry leniently: a damaged field is empty, an unknown category null", () => {
    expect(openedEstateSchema.parse({ category: "yacht", institution: 3, action: "sell" })).toEqual(
      {
        category: null,
        institution: "",
        reference: "",
        contact: "",
        action: null,
        instructions: "",
      },
    );
  });

  it("finds a category or an action by its short name or its words, any case", () => {
    expect(findByLabel(ESTATE_CATEGORIES, "PENSIONS")).toBe("pension");
    expect(findByLabel(ESTATE_CATEGORIES, " pension ")).toBe("pension");
    expect(findByLabel(ESTATE_CATEGORIES, "boats")).toBeUndefined();
    expect(findByLabel(ESTATE_CATEGORIES, "")).toBeUndefined();
  });
});

describe("readEstateCsv", () => {
  it("reads rows by their header in any order and case, categories and actions by words", () => {
    const csv =
      "category,NAME,What should happen,Organisation\r\n" +
      "Pensions,Work pension,Pass it on,Acme Pensions\r\n" +
      'subscription,"Films, monthly",,Streamly\r\n';
    expect(readEstateCsv(csv)).toEqual({
      entries: [
        {
          row: 2,
          title: "Work pension",
          content: {
            category: "pension",
            institution: "Acme Pensions",
            reference: "",
            contact: "",
            action: "transfer",
            instructions: "",
          },
        },
        {
          row: 3,
          title: "Films, monthly",
          content: {
            category: "subscription",
            institution: "Streamly",
            reference: "",
            contact: "",
            action: null,
            instructions: "",
          },
        },
      ],
      problems: [],
    });
  });

  it("names each bad row and why, and keeps the good ones", () => {
    const csv = [
      "Name,Category,What should happen,Reference",
      "Car,Vehicles,Pass it on,AB12 CDE",
      ",Vehicles,,",
      "Boat,Boats,,",
      "House,Property and land,Sell it,",
      `Loan,Debts and loans,,${"x".repeat(201)}`,
    ].join("\n");
    const { entries, problems } = readEstateCsv(csv);
    expect(entries.map((e) => e.title)).toEqual(["Car"]);
    expect(problems.map((p) => p.row)).toEqual([3, 4, 5, 6]);
    expect(problems[0]?.message).toBe("The name is empty.");
    expect(problems[1]?.message).toMatch(/^"Boats" is not a category we know\. Use one of: Bank/);
    expect(problems[2]?.message).toMatch(/^"Sell it" is not something we know to do/);
    expect(problems[3]?.message).toBe(`${ESTATE_MSG.referenceTooLong}.`);
  });

  it("refuses a file it cannot read as a whole: broken, empty, no header, too many rows", () => {
    const fails = (text: string) => {
      try {
        readEstateCsv(text);
        return "read";
      } catch (err) {
        return err instanceof EstateCsvError ? err.message : "other";
      }
    };
    expect(fails('Name,Category\n"Car,Vehicles\n')).toBe(ESTATE_MSG.importBrokenCsv);
    expect(fails("")).toBe(ESTATE_MSG.importEmpty);
    expect(fails("Name,Category\n")).toBe(ESTATE_MSG.importEmpty);
    expect(fails("Car,Vehicles\nHouse,Property\n")).toBe(ESTATE_MSG.importNoHeader);
    const rows = (n: number) => "Name,Category\n" + "Car,Vehicles\n".repeat(n);
    expect(fails(rows(ESTATE_IMPORT_MAX_ROWS + 1))).toBe(ESTATE_MSG.importTooManyRows);
    expect(readEstateCsv(rows(ESTATE_IMPORT_MAX_ROWS)).entries).toHaveLength(
      ESTATE_IMPORT_MAX_ROWS,
    );
  });

  it("reads back what estateCsv writes, formula-like values and line breaks included", () => {
    const entries = [
      { title: "=Current account", content: good },
      {
        title: "Phone",
        content: {
          ...good,
          category: "device" as const,
          action: null,
          instructions: 'PIN in the\nletter, "top" drawer',
        },
      },
    ];
    expect(readEstateCsv(estateCsv(entries))).toEqual({
      entries: entries.map((e, i) => ({ row: i + 2, ...e })),
      problems: [],
    });
  });
});
