import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Page } from '../../components/Page/Page.tsx';
import { Bullets, P, Section, To } from '../../components/Page/Prose.tsx';

function Name({ children }: { children: ReactNode }) {
  return (
    <Box
      component="code"
      sx={{
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.9em',
        px: 0.5,
        borderRadius: 1,
        bgcolor: 'action.hover',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </Box>
  );
}

/** One cookie, described as a small card so it reads well on narrow screens. */
function CookieEntry({
  names,
  purpose,
  lifetime,
}: {
  names: ReactNode;
  purpose: ReactNode;
  lifetime: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        p: { xs: 2, sm: 2.5 },
        mb: 2,
      }}
    >
      <Typography sx={{ fontWeight: 700, mb: 1 }}>{names}</Typography>
      <Typography sx={{ mb: 1, lineHeight: 1.7 }}>{purpose}</Typography>
      <Typography color="text.secondary" sx={{ lineHeight: 1.7 }}>
        {lifetime}
      </Typography>
    </Box>
  );
}

export default function Cookies() {
  return (
    <Page title="Cookie Policy" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated: November 22, 2026
      </Typography>
      <P>
        This page explains which cookies Riffline uses and why. The short version: we only use the cookies the
        service needs to sign you in and keep you signed in. We do not use advertising cookies, and we do not
        let third parties track you on our site.
      </P>

      <Section title="What cookies are">
        <P>
          A cookie is a small piece of text that a website asks your browser to store and send back on later
          visits. Cookies can be used for many things. Some are essential, such as remembering that you are
          signed in. Others are used to follow people around the web for advertising. Riffline only uses the
          first kind.
        </P>
      </Section>

      <Section title="Cookies we use">
        <P>
          These are all the cookies Riffline sets. Each one is needed for signing in, and all of them are
          httpOnly (scripts on the page cannot read them) and SameSite=Lax (other websites cannot use them to
          act on your behalf). Riffline ID also signs its cookies, so your browser may store a companion
          cookie with the same name ending in <Name>.sig</Name> next to each of them.
        </P>
        <Box component="ul" sx={{ p: 0, m: 0, mb: 2 }}>
          <CookieEntry
            names={
              <>
                <Name>riffline.sid</Name> and <Name>riffline.sid.sig</Name>
              </>
            }
            purpose={
              <>
                Your Riffline session. <Name>riffline.sid</Name> holds a random session id that keeps you
                signed in to the artist dashboard as you move between pages. <Name>riffline.sid.sig</Name>{' '}
                holds a signature that lets us check the session cookie has not been tampered with.
              </>
            }
            lifetime="Lasts up to 14 days, or until you sign out."
          />
          <CookieEntry
            names={
              <>
                <Name>_interaction</Name> and <Name>_interaction_resume</Name>
              </>
            }
            purpose={
              <>
                Set by Riffline ID, our own email and password sign-in service, while you sign in. They keep
                track of where you are in the sign-in flow and bring you back to Riffline once your email and
                password have been checked.
              </>
            }
            lifetime="Short-lived: they exist only for a sign-in in progress and expire within about an hour."
          />
          <CookieEntry
            names={<Name>_session</Name>}
            purpose={
              <>
                Also set by Riffline ID. It remembers that you signed in to Riffline ID, so that coming back
                to Riffline does not make you type your password again while your session is still valid.
              </>
            }
            lifetime="Lasts no longer than your Riffline session (up to 14 days), or until you sign out."
          />
        </Box>
      </Section>

      <Section title="What we do not use">
        <Bullets
          items={[
            'No advertising cookies.',
            'No third-party tracking cookies or tracking pixels from social networks or ad networks.',
            'No cookies that build a profile of what you read or click.',
          ]}
        />
        <P>
          Every cookie we set exists to provide the service you asked for: signing in and staying signed in.
          None of them are shared with advertisers, and none of them are used to follow you on other websites.
        </P>
      </Section>

      <Section title="About the analytics in your dashboard">
        <P>
          Your dashboard shows streams, downloads and revenue for your music, by store, country and day. Those
          numbers come from the reports that music stores send us about listening on their platforms. They do
          not come from tracking visitors to Riffline, and they are not collected with cookies.
        </P>
      </Section>

      <Section title="Controlling cookies">
        <P>
          You can see and delete cookies in your browser&rsquo;s settings, and you can tell your browser to
          block them. If you block or delete Riffline&rsquo;s cookies, you will not be able to sign in, or you
          will be signed out. Public pages such as this one still work without cookies.
        </P>
        <P>
          Signing out of Riffline ends your session, so the session cookie no longer signs you in on that
          browser.
        </P>
      </Section>

      <Section title="More information">
        <P>
          For how we handle personal data in general, read our <To to="/privacy">Privacy Policy</To>. The
          rules for using Riffline are in our <To to="/terms">Terms of Service</To>. If this page changes, we
          will update the date at the top. Questions? Write to us through the{' '}
          <To to="/contact">contact page</To> or open a ticket on the <To to="/support">support page</To>.
        </P>
      </Section>
    </Page>
  );
}
