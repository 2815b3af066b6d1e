import { Typography } from '@mui/material';
import { Page } from '../../components/Page/Page.tsx';
import { Bullets, P, Section, To } from '../../components/Page/Prose.tsx';

export default function Terms() {
  return (
    <Page title="Terms of Service" maxWidth="md">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated: November 22, 2026
      </Typography>
      <P>
        These terms are the agreement between you and Riffline Records (&ldquo;Riffline&rdquo;,
        &ldquo;we&rdquo;) for using Riffline to distribute your music. We have tried to write them in plain
        words. By creating an account or applying to distribute with us, you agree to them. How we handle your
        information is explained in our <To to="/privacy">Privacy Policy</To> and our{' '}
        <To to="/cookies">Cookie Policy</To>.
      </P>

      <Section title="Who may use Riffline">
        <P>
          Riffline is for independent artists aged 13 or older. If you are under 18, you need a parent or
          guardian&rsquo;s consent to use Riffline, and they should read these terms with you. You sign in
          with Riffline ID, our own sign-in service. Keep your password to yourself: you are responsible for
          what happens in your account.
        </P>
      </Section>

      <Section title="Applying and approval">
        <P>
          Applying is free. After you send your application, our team reviews it, usually within 24 to 48
          hours. We may decline an application, for example if the details do not check out or the music does
          not meet these terms. You can distribute releases once your application is approved.
        </P>
      </Section>

      <Section title="Your music stays yours">
        <P>
          You keep 100% of the rights to your music. We do not own your songs, recordings or artwork. By
          uploading a release, you give Riffline a non-exclusive licence to distribute it to the stores you
          choose, and to use its metadata, audio and artwork for that purpose. Non-exclusive means you stay
          free to do anything else you like with your music.
        </P>
      </Section>

      <Section title="What you promise us">
        <P>When you upload a release, you confirm that:</P>
        <Bullets
          items={[
            'you own or control all the rights needed to distribute it, including any samples, beats, lyrics and artwork;',
            'you are not using another artist\u2019s name, or presenting the release in a way that could make listeners think it is by someone else;',
            'the metadata is accurate, and every track with explicit content is labelled explicit.',
          ]}
        />
        <P>
          If a promise turns out to be untrue, we may take the release down, and you are responsible for
          claims that result from it.
        </P>
      </Section>

      <Section title="Content rules">
        <P>You may not use Riffline to distribute:</P>
        <Bullets
          items={[
            'content that infringes anyone else\u2019s copyright or other rights;',
            'hateful content, or content that is illegal;',
            'music whose plays are inflated by artificial streaming, such as bots, click farms or paid streaming schemes.',
          ]}
        />
        <P>
          If we find content that breaks these rules, we may refuse it, take it down or close the account.
          Stores also apply their own rules and may remove content themselves.
        </P>
      </Section>

      <Section title="Releases and stores">
        <P>
          Once a release is approved, it typically goes live within 3 to 5 days. Each store decides when and
          how it publishes music, so the exact timing can vary and we cannot promise a particular date on a
          particular store.
        </P>
      </Section>

      <Section title="Royalties and payouts">
        <Bullets
          items={[
            'Stores report streams, downloads and revenue to us monthly. Your earnings appear in your dashboard.',
            'Monthly payouts are processed within 45 days of the store report they are based on.',
            'You can ask to withdraw your earnings once your balance reaches at least 20 USD. After we approve a withdrawal, the payout is sent within 24 hours.',
            'Payouts go to the UPI id, PayPal account or bank account you give us. Please keep these details correct so your money reaches you.',
          ]}
        />
      </Section>

      <Section title="The coin wallet">
        <P>
          Your account has a coin wallet. One coin equals one Indian rupee. Coins are used to pay distribution
          fees on Riffline. Coins are not money in a bank: your wallet is not a bank deposit or a savings
          account.
        </P>
      </Section>

      <Section title="Leaving Riffline">
        <P>
          You can stop using Riffline at any time. If you want your releases removed, we send takedown
          requests to the stores; each store processes them on its own timeline, so music may stay visible for
          a while. We may suspend or close an account that seriously or repeatedly breaks these terms.
        </P>
      </Section>

      <Section title="Limits of our liability">
        <P>We work hard to keep Riffline running well, but we provide it as it is. In plain words:</P>
        <Bullets
          items={[
            'we are not responsible for what stores decide, including whether, when or how they publish, pay for or remove your music;',
            'we cannot promise that the service will always be available or free of errors;',
            'we are not responsible for indirect losses, such as lost opportunities or lost profits, as far as the law allows.',
          ]}
        />
        <P>Nothing in these terms takes away rights that the law gives you and that cannot be limited.</P>
      </Section>

      <Section title="Changes to these terms">
        <P>
          We may update these terms as Riffline grows. When we do, we will announce the changes by email and
          update the date at the top of this page. If you keep using Riffline after that, the new terms apply.
        </P>
      </Section>

      <Section title="Contact">
        <P>
          Questions about these terms? Write to us through the <To to="/contact">contact page</To>, or open a
          ticket on the <To to="/support">support page</To>.
        </P>
      </Section>
    </Page>
  );
}
