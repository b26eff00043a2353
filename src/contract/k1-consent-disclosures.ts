/**
 * What an investor is told before consenting to get K-1s electronically, in plain words. The version
 * number is recorded with each consent, so a change of wording is a new version: raise it, and the
 * Account page asks again of anyone who consented to an older one (docs/decisions.md, "K-1 delivery consent").
 */
export const K1_DISCLOSURE_VERSION = 1;

export const K1_DISCLOSURES: readonly string[] = [
  'Without your consent, your Schedule K-1 is sent to you on paper by mail.',
  'Your consent covers the K-1 of every tax year, from every LLC you are a member of, until you withdraw it.',
  'You can withdraw your consent at any time on the Account page. Withdrawing applies to K-1s not yet furnished to you; K-1s already posted stay in the portal.',
  'You can ask for a paper copy of any K-1, at no charge, by asking the manager, whether or not you consent.',
  'To get and keep your K-1 you need a web browser and a program that opens PDF files, and a way to save or print them.',
  'When a K-1 is posted for you, you are told by e-mail at the address the portal has for you; keep it up to date with the manager.',
  'Each K-1 stays available in the portal at least until October 15 of the year after the tax year it reports.',
];

/** The words of the consent checkbox. */
export const K1_CONSENT_STATEMENT = 'I consent to receive my Schedule K-1 electronically, as described above.';
