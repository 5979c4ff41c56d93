/** Card number helpers shared by the order form and the API. Nothing here stores or logs a number. */

/** Removes spaces and dashes that people type between the groups of digits. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check every payment card number passes. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let n = digits.charCodeAt(i) - 48;
    if (double) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand = "Visa" | "Mastercard" | "American Express" | "Discover" | "Card";

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^(6011|65|64[4-9])/.test(digits)) return "Discover";
  return "Card";
}
