import { Typography } from '@mui/material';
import { Page } from '../../components/Page/Page.tsx';
import { Bullets, P, Section, To } from '../../components/Page/Prose.tsx';

export default function Privacy() {
  return (
    <Page title="Privacy Policy" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated: November 22, 2026
      </Typography>
      <P>
        Riffline is a music distribution service run by Riffline Records for independent artists. This policy
        explains, in plain words, what information we collect when you use Riffline, why we need it, who else
        sees it and what you can ask us to do with it. It covers this website, the artist dashboard and
        Riffline ID, the sign-in service we run ourselves.
      </P>

      <Section title="What we collect">
        <P>We only collect what we need to run the service. Depending on how you use Riffline, that is:</P>
        <Bullets
          items={[
            <>
              <strong>Account data.</strong> Your name and email address from sign-in. You sign in with
              Riffline ID, our own email and password service. We never store your password itself, only a
              salted scrypt hash of it, so nobody at Riffline can read it.
            </>,
            <>
              <strong>Artist application data.</strong> Your legal name, artist name, age, genre, the story
              you tell us about your music, your social links and, if you choose to give it, a phone number.
            </>,
            <>
              <strong>Your releases.</strong> Release metadata (titles, artists, credits, genres, release
              dates, explicit labels and similar details), audio files and artwork.
            </>,
            <>
              <strong>Conversations with us.</strong> Support tickets and messages sent through the contact
              page.
            </>,
            <>
              <strong>Newsletter.</strong> Your email address, if you subscribe.
            </>,
            <>
              <strong>Payment and payout details.</strong> Your UPI id, PayPal email or bank account details
              (account holder, account number and IFSC), and the transactions in your coin wallet.
            </>,
            <>
              <strong>Store usage reports.</strong> The reports stores send us about your music: streams,
              downloads and revenue by store, country and day.
            </>,
          ]}
        />
      </Section>

      <Section title="Why we use it">
        <Bullets
          items={[
            'To review your artist application and decide whether we can work with you.',
            'To deliver your releases to the stores you choose.',
            'To calculate your royalties, show them in your dashboard and pay you.',
            'To answer your support tickets and messages.',
            'To send the newsletter, only to people who subscribed. You can unsubscribe at any time.',
            'To keep accounts secure and to prevent fraud, such as artificial streaming or someone trying to take over an account.',
          ]}
        />
        <P>
          We do not use your information for advertising, and we do not sell your personal data to anyone.
        </P>
      </Section>

      <Section title="Who we share it with">
        <P>Distribution means sharing some things with others, and we keep that to what is needed:</P>
        <Bullets
          items={[
            <>
              <strong>Music stores and streaming services</strong> receive the release metadata, audio and
              artwork needed to put your release in their catalogue. Your artist name and credits become
              public on those stores, because that is the point of releasing music.
            </>,
            <>
              <strong>Banks and payment services</strong> receive the payout details needed to send you money,
              for example your UPI id or PayPal email.
            </>,
            <>
              <strong>Authorities</strong>, only when the law requires us to share something.
            </>,
          ]}
        />
        <P>Your application details, phone number and payout details are never passed to stores.</P>
      </Section>

      <Section title="How long we keep it">
        <Bullets
          items={[
            'Account data, application data and releases: for as long as your account exists.',
            'Financial records, such as payouts and wallet transactions: for as long as the law requires us to keep them, which can be longer than your account.',
            'Contact messages: up to 2 years.',
            'Newsletter email: until you unsubscribe.',
          ]}
        />
        <P>
          If you delete your account, we remove what we are allowed to remove and keep only what the law makes
          us keep.
        </P>
      </Section>

      <Section title="Keeping it safe">
        <P>
          Access to your account is protected by your Riffline ID password, stored only as a salted scrypt
          hash, and by a signed session cookie. No system is perfect, so please use a password you do not use
          anywhere else and tell us straight away if you think someone else has used your account.
        </P>
      </Section>

      <Section title="Your rights">
        <P>You can ask us to:</P>
        <Bullets
          items={[
            'show you the personal data we hold about you (access);',
            'fix anything that is wrong or out of date (correction);',
            'delete your data (deletion), apart from records the law requires us to keep;',
            'give you a copy of your data in a format you can take elsewhere (export).',
          ]}
        />
        <P>
          To make a request, open a ticket on the <To to="/support">support page</To> or write to us through
          the <To to="/contact">contact page</To>. We may ask you to confirm it is really you before we act on
          the request.
        </P>
      </Section>

      <Section title="Cookies">
        <P>
          Riffline uses only the cookies it needs to sign you in and keep you signed in. There are no
          advertising or third-party tracking cookies. The <To to="/cookies">Cookie Policy</To> lists every
          cookie we use.
        </P>
      </Section>

      <Section title="Changes to this policy">
        <P>
          If we change how we handle your information, we will update this page and its date. For important
          changes, we will also tell artists by email. Using Riffline is also covered by our{' '}
          <To to="/terms">Terms of Service</To>.
        </P>
      </Section>

      <Section title="Contact us">
        <P>
          Questions about privacy are welcome. Reach us through the <To to="/contact">contact page</To>, or
          open a ticket on the <To to="/support">support page</To>.
        </P>
      </Section>
    </Page>
  );
}
