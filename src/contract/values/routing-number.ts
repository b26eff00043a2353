/**
 * An ABA routing number: nine digits whose weighted sum (3, 7, 1 repeated) is a multiple of ten. The
 * check catches every single mistyped digit and most swapped neighbours before money is sent to a wrong
 * bank; the server and the forms both use it.
 */
export function isRoutingNumber(text: string): boolean {
  if (!/^\d{9}$/.test(text)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(text[i]) * weights[i]!;
  return sum % 10 === 0;
}

export const ROUTING_NUMBER_WORDS = 'must be a 9-digit ABA routing number (its check digit does not match: look at it again)';
