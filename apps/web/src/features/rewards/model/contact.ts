/** The apps a contact bonus accepts (activityClaimPayload). */
export const contactApps = ['zalo', 'whatsapp'] as const;
export type ContactApp = (typeof contactApps)[number];

// The contract's pattern (activityClaimPayload.contact.id), checked before sending so the player learns
// the rule at once; the server checks it again.
const contactIdPattern = /^[A-Za-z0-9_.+-]{3,40}$/;

/** Why a contact cannot be sent, by field, or null when it can. */
export interface ContactProblems {
  app: 'required' | null;
  id: 'required' | 'format' | null;
}

/** Checks a contact as the contract does: an app chosen, and an id of 3 to 40 letters, digits, + . _ -. */
export function contactProblems(app: ContactApp | null, id: string): ContactProblems | null {
  const trimmed = id.trim();
  const problems: ContactProblems = {
    app: app === null ? 'required' : null,
    id: trimmed === '' ? 'required' : contactIdPattern.test(trimmed) ? null : 'format',
  };
  return problems.app || problems.id ? problems : null;
}
