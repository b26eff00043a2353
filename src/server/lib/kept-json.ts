/**
 * The JSON text an answer was kept as (books.service.ts `kept`). The route sends that text as it is,
 * instead of serializing the object again through its response schema: for a large answer that is most
 * of a request's cost, and the text is exactly what serializing gave when it was kept.
 */
const texts = new WeakMap<object, string>();

export function rememberJson<T>(answer: T, json: string): T {
  if (typeof answer === 'object' && answer !== null) texts.set(answer, json);
  return answer;
}

export const keptJson = (answer: unknown): string | undefined =>
  typeof answer === 'object' && answer !== null ? texts.get(answer) : undefined;
