/** Server-rendered pages of the embedded identity provider: plain HTML and one stylesheet, no inline script. */

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function layout(title: string, providerName: string, body: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(providerName)}</title>
<link rel="stylesheet" href="/oidc/assets/identity.css">
${head}
</head>
<body>
<main class="card">
<p class="brand">${escapeHtml(providerName)}</p>
${body}
</main>
</body>
</html>`;
}

export interface FormState {
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
  /** Turns these words of `message` into a link. */
  messageLink?: { text: string; href: string };
}

function field(name: string, label: string, type: string, state: FormState, autocomplete: string): string {
  const value = type === 'password' ? '' : (state.values?.[name] ?? '');
  const error = state.errors?.[name];
  const id = `field-${name}`;
  return `<label for="${id}">${escapeHtml(label)}</label>
<input id="${id}" name="${name}" type="${type}" value="${escapeHtml(value)}" autocomplete="${autocomplete}" required${
    error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
  }>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}`;
}

function alert(message?: string, link?: FormState['messageLink']): string {
  if (!message) return '';
  let text = escapeHtml(message);
  if (link) {
    text = text.replace(
      escapeHtml(link.text),
      `<a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a>`,
    );
  }
  return `<p class="alert" role="alert">${text}</p>`;
}

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** An interaction id as the provider makes them; anything else is not put in a link. */
export const isInteractionUid = (uid: unknown): uid is string =>
  typeof uid === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(uid);

/** Back to the sign-in page the visitor came from, or a fresh sign-in. */
const signInHref = (uid?: string) =>
  uid && isInteractionUid(uid) ? `/oidc/interaction/${uid}/login` : '/api/login';

export const forgotPasswordHref = (uid?: string) =>
  uid && isInteractionUid(uid) ? `/oidc/forgot-password?uid=${uid}` : '/oidc/forgot-password';

export function signInPage(uid: string, providerName: string, state: FormState = {}): string {
  return layout(
    'Sign in',
    providerName,
    `<h1>Sign in</h1>
<p class="lead">Sign in to Riffline with your ${escapeHtml(providerName)} account.</p>
${alert(state.message, state.messageLink)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login" novalidate>
${field('email', 'Email', 'email', state, 'email')}
${field('password', 'Password', 'password', state, 'current-password')}
<p class="hint"><a href="${escapeHtml(forgotPasswordHref(uid))}">Forgot your password?</a></p>
<button type="submit">Sign in</button>
</form>
<p class="switch">New to Riffline? <a href="/oidc/interaction/${escapeHtml(uid)}/signup">Create an account</a></p>
<p class="switch"><a href="/oidc/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  );
}

/** The second step of signing in to an account with an authenticator app: its code or a recovery code. */
export function secondFactorPage(uid: string, providerName: string, state: FormState = {}): string {
  return layout(
    'Two-factor authentication',
    providerName,
    `<h1>Two-factor authentication</h1>
<p class="lead">Open your authenticator app and enter the 6-digit code it shows for Riffline. Lost your phone? Enter one of your recovery codes instead.</p>
${alert(state.message)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/second-factor" novalidate>
${field('code', 'Code', 'text', { ...state, values: {} }, 'one-time-code')}
<button type="submit">Verify</button>
</form>
<p class="switch"><a href="/oidc/interaction/${escapeHtml(uid)}/abort">Cancel</a></p>`,
  );
}

export function signUpPage(uid: string, providerName: string, state: FormState = {}): string {
  return layout(
    'Create your account',
    providerName,
    `<h1>Create your account</h1>
<p class="lead">One account for everything on Riffline. It takes a minute.</p>
${alert(state.message)}
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/signup" novalidate>
${field('firstName', 'First name', 'text', state, 'given-name')}
${field('lastName', 'Last name', 'text', state, 'family-name')}
${field('email', 'Email', 'email', state, 'email')}
${field('password', 'Password (at least 8 characters)', 'password', state, 'new-password')}
<button type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="/oidc/interaction/${escapeHtml(uid)}/login">Sign in</a></p>`,
  );
}

export function forgotPasswordPage(providerName: string, uid?: string, state: FormState = {}): string {
  return layout(
    'Reset your password',
    providerName,
    `<h1>Forgot your password?</h1>
<p class="lead">Enter the email address of your account and we will send you a link to reset its password.</p>
${alert(state.message)}
<form method="post" action="/oidc/forgot-password" novalidate>
${uid && isInteractionUid(uid) ? hidden('uid', uid) : ''}
${field('email', 'Email', 'email', state, 'email')}
<button type="submit">Send reset link</button>
</form>
<p class="switch"><a href="${escapeHtml(signInHref(uid))}">Back to sign in</a></p>`,
  );
}

/** The same answer whether or not an account has the address. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that address, we sent a link to reset its password.';

export function resetRequestedPage(providerName: string, uid?: string): string {
  return layout(
    'Check your email',
    providerName,
    `<h1>Check your email</h1>
<p class="notice" role="status">${escapeHtml(RESET_REQUESTED_MESSAGE)}</p>
<p class="lead">The link works once, within 1 hour. No email? Check your spam folder, or ask again.</p>
<p class="switch"><a href="${escapeHtml(signInHref(uid))}">Back to sign in</a></p>`,
  );
}

export function resetPasswordPage(providerName: string, token: string, state: FormState = {}): string {
  return layout(
    'Choose a new password',
    providerName,
    `<h1>Choose a new password</h1>
<p class="lead">Choose a new password for your Riffline account. Every device signed in to it will be signed out.</p>
${alert(state.message)}
<form method="post" action="/oidc/reset-password" novalidate>
${hidden('token', token)}
${field('password', 'New password (at least 8 characters)', 'password', state, 'new-password')}
<button type="submit">Set new password</button>
</form>`,
  );
}

export function passwordResetDonePage(providerName: string): string {
  return layout(
    'Password changed',
    providerName,
    `<h1>Password changed</h1>
<p class="notice" role="status">Your password was changed and every device was signed out. Sign in with your new password.</p>
<p class="switch"><a class="button" href="/api/login">Sign in</a></p>`,
  );
}

export const RESET_LINK_UNUSABLE_MESSAGE =
  'This reset link has expired or was already used. Ask for a new one.';

export function resetLinkUnusablePage(providerName: string): string {
  return layout(
    'Link expired',
    providerName,
    `<h1>This link has expired</h1>${alert(RESET_LINK_UNUSABLE_MESSAGE)}
<p class="switch"><a href="/oidc/forgot-password">Ask for a new link</a></p>`,
  );
}

export function emailVerifiedPage(providerName: string, email: string): string {
  return layout(
    'Email verified',
    providerName,
    `<h1>Email verified</h1>
<p class="notice" role="status">Thank you: ${escapeHtml(email)} is verified.</p>
<p class="switch"><a class="button" href="/">Back to Riffline</a></p>`,
  );
}

export const VERIFY_LINK_UNUSABLE_MESSAGE =
  'This verification link has expired or was already used. Sign in to Riffline to send a new one.';

export function verifyLinkUnusablePage(providerName: string): string {
  return layout(
    'Link expired',
    providerName,
    `<h1>This link has expired</h1>${alert(VERIFY_LINK_UNUSABLE_MESSAGE)}
<p class="switch"><a href="/">Back to Riffline</a></p>`,
  );
}

/** The provider's logout confirmation: submitted by /oidc/assets/logout.js, a button without script. */
export function logoutPage(providerName: string, form: string): string {
  const withYes = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  return layout(
    'Signing out',
    providerName,
    `<h1>Signing you out…</h1>
${withYes}
<button type="submit" form="op.logoutForm">Sign out</button>`,
    '<script src="/oidc/assets/logout.js" defer></script>',
  );
}

export function signedOutPage(providerName: string): string {
  return layout(
    'Signed out',
    providerName,
    `<h1>You are signed out</h1><p class="switch"><a href="/">Back to Riffline</a></p>`,
  );
}

export function errorPage(providerName: string, message: string): string {
  return layout(
    'Something went wrong',
    providerName,
    `<h1>Something went wrong</h1>${alert(message)}<p class="switch"><a href="/api/login">Try signing in again</a></p>`,
  );
}

export const stylesheet = `*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
background:#0f0d1a;color:#1d1b26;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;padding:16px}
.card{background:#fff;border-radius:16px;padding:32px;width:100%;max-width:400px;box-shadow:0 20px 60px rgba(0,0,0,.35)}
.brand{margin:0 0 8px;font-weight:700;color:#7c3aed;letter-spacing:.02em}h1{margin:0 0 8px;font-size:1.6rem}
.lead{margin:0 0 20px;color:#555}label{display:block;font-weight:600;margin:14px 0 6px}
input{width:100%;padding:12px;border:1px solid #cfcbe0;border-radius:10px;font:inherit}
input:focus{outline:3px solid #c4b5fd;border-color:#7c3aed}input[aria-invalid=true]{border-color:#dc2626}
button{margin-top:22px;width:100%;padding:12px;border:0;border-radius:10px;background:#7c3aed;color:#fff;font:inherit;font-weight:700;cursor:pointer}
button:hover{background:#6d28d9}.error{color:#b91c1c;margin:6px 0 0;font-size:.9rem}
.alert{background:#fee2e2;color:#991b1b;padding:10px 12px;border-radius:10px}.switch{margin:18px 0 0;text-align:center}
a{color:#6d28d9}.hint{margin:8px 0 0;text-align:right;font-size:.9rem}
.notice{background:#ede9fe;color:#3b0764;padding:10px 12px;border-radius:10px}
a.button{display:inline-block;padding:10px 20px;border-radius:10px;background:#7c3aed;color:#fff;font-weight:700;text-decoration:none}`;

export const logoutScript = `document.addEventListener('DOMContentLoaded',function(){var f=document.getElementById('op.logoutForm');if(f)f.submit();});`;
