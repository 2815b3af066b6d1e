/**
 * What a form held when the artist was sent to sign in again with their authenticator app (the step-up):
 * kept for this tab only, and taken once, when the form opens on the way back.
 */
export function keepDraft(key: string, draft: object): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // storage blocked: the form opens empty on the way back
  }
}

/** The draft kept under `key`, removed as it is read; null when there is none. */
export function takeDraft(key: string): Record<string, unknown> | null {
  try {
    const text = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    const draft: unknown = text ? JSON.parse(text) : null;
    return draft && typeof draft === 'object' ? (draft as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
