// Spec section 5: the e-mail is trimmed, "Email required" when empty, "Enter correct email" otherwise.
// The rule is the contract's own schema; it (and zod) is fetched when the visitor first focuses the
// box or submits, so the form costs the pages' first load nothing beyond its markup.
let emailSchema: ReturnType<typeof load> | undefined;

function load() {
  return import('@mawingu/contracts/newsletter').then(({ subscribeUserRequest }) => subscribeUserRequest.pick({ emailID: true }));
}

export function preloadEmailCheck(): void {
  emailSchema ??= load();
  // A failed fetch (offline) is tried again on the next focus or submit.
  emailSchema.catch(() => (emailSchema = undefined));
}

/** The trimmed address, or the spec's message for what is wrong with it. */
export async function checkEmail(value: string): Promise<{ emailID: string } | { problem: string }> {
  preloadEmailCheck();
  const parsed = (await emailSchema!).safeParse({ emailID: value });
  if (parsed.success) return { emailID: parsed.data.emailID };
  return { problem: parsed.error.issues[0]?.message ?? '' };
}
