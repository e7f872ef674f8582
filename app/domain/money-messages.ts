/**
 * A refused price in the catalog (decision 0067): the words `moneyMessage` (./money.ts) says, as messages a translator
 * says in the merchant's variant. Its own module: the catalog's types read the countries, which read money.
 */
import { defineMessages, type Translate } from "./messages";
import { fractionDigits, type MoneyProblem } from "./money";

/** Each renders `moneyMessage`'s words in the base catalog (a unit test holds them equal). */
const MONEY_MESSAGES = defineMessages({
  ambiguous: {
    id: "money.refusal.ambiguous",
    defaultMessage:
      "No queda claro si son miles o decimales: escribe los miles sin punto (1500) y los decimales con coma (1,500)",
  },
  noDecimals: { id: "money.refusal.noDecimals", defaultMessage: "Este precio va sin decimales, por ejemplo 12.500" },
  decimals: {
    id: "money.refusal.decimals",
    defaultMessage: "Escribe como máximo {digits, plural, one {{digits} decimal} other {{digits} decimales}}",
  },
  invalidWhole: { id: "money.refusal.invalidWhole", defaultMessage: "Escribe un precio válido, por ejemplo 12.500" },
  invalidThree: { id: "money.refusal.invalidThree", defaultMessage: "Escribe un precio válido, por ejemplo 1500 o 12,5" },
  invalid: { id: "money.refusal.invalid", defaultMessage: "Escribe un precio válido, por ejemplo 12.500 o 12,50" },
});

/** Why a typed price was refused, in `t`'s variant ('Escribí un precio válido…' in Argentina). */
export function moneyProblemText(problem: MoneyProblem, currency: string, t: Translate): string {
  const digits = fractionDigits(currency);
  switch (problem) {
    case "ambiguous":
      return t(MONEY_MESSAGES.ambiguous);
    case "decimals":
      return digits === 0 ? t(MONEY_MESSAGES.noDecimals) : t(MONEY_MESSAGES.decimals, { digits });
    default:
      if (digits === 0) return t(MONEY_MESSAGES.invalidWhole);
      return t(digits >= 3 ? MONEY_MESSAGES.invalidThree : MONEY_MESSAGES.invalid);
  }
}
