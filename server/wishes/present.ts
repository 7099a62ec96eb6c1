import type { WishesChoiceView } from "../../common/assets/wishes.js";

export const presentWishesChoice = (row: {
  id: string;
  chosenAt: Date | null;
}): WishesChoiceView => ({
  id: row.id,
  opensAtReport: row.chosenAt !== null,
});
