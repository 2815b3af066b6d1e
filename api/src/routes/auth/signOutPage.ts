import type { Context } from 'koa';

/**
 * GET /api/logout is a sign-out only when this site itself sent the browser there: a link, an image or a
 * prefetch on another site must not sign anyone out (that is why the apps POST). Browsers say where a
 * request comes from in `Sec-Fetch-Site` (`none`: typed in the address bar or opened from a bookmark);
 * one that does not send it must show a Referer (or Origin) on PUBLIC_URL. A prefetch or prerender
 * (`Sec-Purpose`, `Purpose`) never is one: nobody asked to leave yet.
 */
export function isSameSiteNavigation(ctx: Context, publicUrl: string): boolean {
  if (ctx.method !== 'GET' || ctx.get('Sec-Purpose') || ctx.get('Purpose')) return false;
  const site = ctx.get('Sec-Fetch-Site');
  if (site) return site === 'same-origin' || site === 'none';
  const source = ctx.get('Origin') || ctx.get('Referer');
  try {
    return Boolean(source) && new URL(source).origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** Whether a request is a browser's navigation (a form's submit) rather than the apps' `fetch`. */
export const wantsPage = (ctx: Context) => ctx.accepts('json', 'html') === 'html';

/**
 * What a signed-in browser sent to /api/logout from another site sees: one button, which posts to
 * POST /api/logout from this page (same origin, so the same-origin check lets it through). Plain HTML
 * without script (the Content-Security-Policy allows none inline); inline styles are allowed.
 */
export const signOutPage = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out · Riffline</title>
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:16px;
background:#0f0d1a;color:#1d1b26;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{background:#fff;border-radius:16px;padding:32px;width:100%;max-width:400px}
h1{margin:0 0 8px;font-size:1.6rem}p{margin:0 0 20px;color:#5b5870}
button{width:100%;padding:12px;border:0;border-radius:10px;background:#7c3aed;color:#fff;font:inherit;
font-weight:700;cursor:pointer}button:hover{background:#6d28d9}a{color:#6d28d9}
:focus-visible{outline:3px solid #8b5cf6;outline-offset:2px}.back{margin:18px 0 0;text-align:center}
</style>
</head>
<body>
<main>
<h1>Sign out of Riffline?</h1>
<p>Another site sent you here. Sign out only if you meant to.</p>
<form method="post" action="/api/logout"><button type="submit">Sign out</button></form>
<p class="back"><a href="/">Stay signed in</a></p>
</main>
</body>
</html>`;

/**
 * The page's form is followed by a redirect to the issuer's sign-out; the Content-Security-Policy's
 * `form-action 'self'` would stop it there when the issuer is on another origin, so this page allows it.
 */
export function allowFormTo(ctx: Context, url: string | null, publicUrl: string): void {
  const policy = ctx.response.get('Content-Security-Policy');
  if (!url || !policy) return;
  const { origin } = new URL(url, publicUrl);
  if (origin === new URL(publicUrl).origin) return;
  ctx.set('Content-Security-Policy', policy.replace("form-action 'self'", `form-action 'self' ${origin}`));
}
