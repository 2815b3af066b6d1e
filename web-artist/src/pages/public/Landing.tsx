import { Box, Button, Card, CardContent, Chip, Container, Stack, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import BoltIcon from '@mui/icons-material/Bolt';
import CampaignIcon from '@mui/icons-material/Campaign';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailIcon from '@mui/icons-material/Email';
import GroupsIcon from '@mui/icons-material/Groups';
import InsightsIcon from '@mui/icons-material/Insights';
import LinkIcon from '@mui/icons-material/Link';
import LibraryMusicIcon from '@mui/icons-material/LibraryMusic';
import PublicIcon from '@mui/icons-material/Public';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import ShieldIcon from '@mui/icons-material/Shield';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VerifiedIcon from '@mui/icons-material/Verified';
import YouTubeIcon from '@mui/icons-material/YouTube';
import { AfterFirstPaint } from '../../components/Page/AfterFirstPaint.tsx';
import { ApplyButton } from '../../components/Page/ApplyButton.tsx';
import { IconCard } from '../../components/Page/IconCard.tsx';
import { useDocumentTitle } from '../../components/Page/useDocumentTitle.ts';
import { night } from '../../theme.ts';

const claims: { text: string; Icon: SvgIconComponent }[] = [
  { text: '150+ platforms', Icon: PublicIcon },
  { text: '100% rights kept', Icon: ShieldIcon },
  { text: 'Go live in 3-5 days', Icon: BoltIcon },
  { text: 'Free application', Icon: CheckCircleIcon },
  { text: 'No hidden fees', Icon: ReceiptLongIcon },
  { text: '500+ artists', Icon: GroupsIcon },
];

const smartLinkFeatures: { label: string; text: string; Icon: SvgIconComponent }[] = [
  { label: 'Pre-save campaigns', text: 'Fans save your release before it drops.', Icon: CampaignIcon },
  { label: 'Email collection', text: 'Optionally grow your own fan mailing list.', Icon: EmailIcon },
  { label: 'All platforms', text: 'One link that opens every store and service.', Icon: LibraryMusicIcon },
];

const features: { title: string; text: string; Icon: SvgIconComponent }[] = [
  {
    title: 'Global Distribution',
    text: 'Deliver your music to 150+ streaming services and stores worldwide, from Spotify and Apple Music to regional platforms.',
    Icon: PublicIcon,
  },
  {
    title: 'Real-Time Analytics',
    text: 'See streams, listeners and top territories as they happen, so you know where your audience is growing.',
    Icon: InsightsIcon,
  },
  {
    title: 'Transparent Royalties',
    text: 'Clear, itemised statements for every platform and every track. No guesswork about what you earned.',
    Icon: ReceiptLongIcon,
  },
  {
    title: 'Fast Release Process',
    text: 'Upload, review and go live in 3-5 days. We check your release before it ships so it lands right the first time.',
    Icon: BoltIcon,
  },
  {
    title: '24/7 Support',
    text: 'Real people ready to help, whenever you need it. Ask a question and get an answer, not a ticket number.',
    Icon: SupportAgentIcon,
  },
  {
    title: 'Rights Protection',
    text: 'You keep 100% of your rights and masters. We help you deal with content claims and unauthorised uploads.',
    Icon: ShieldIcon,
  },
  {
    title: 'Official Video Channel Artist Claim',
    text: 'We help you claim your official artist channel on video platforms, bringing your videos and topic channel together.',
    Icon: YouTubeIcon,
  },
  {
    title: 'Streaming Store Artist Verification',
    text: 'Get your verified artist profile on streaming stores, with your photo, bio and the blue check fans look for.',
    Icon: VerifiedIcon,
  },
];

/** A soft violet glow placed behind hero content; purely decorative. */
const glow = {
  position: 'absolute',
  inset: 0,
  pointerEvents: 'none',
  background:
    'radial-gradient(600px circle at 85% 20%, rgba(167, 139, 250, 0.28), transparent 60%), radial-gradient(500px circle at 10% 90%, rgba(236, 72, 153, 0.18), transparent 60%)',
} as const;

function currentHost(): string {
  return typeof window === 'undefined' ? 'riffline.com' : window.location.host;
}

export default function Landing() {
  useDocumentTitle(null);
  const host = currentHost();

  return (
    <>
      {/* Hero */}
      <Box
        component="section"
        aria-labelledby="landing-hero-title"
        sx={{ ...night, position: 'relative', overflow: 'hidden', py: { xs: 8, md: 12 } }}
      >
        <Box aria-hidden sx={glow} />
        <Container maxWidth="lg" sx={{ position: 'relative' }}>
          <Box sx={{ maxWidth: 820 }}>
            <Chip
              label="For independent artists"
              size="small"
              sx={{
                mb: 3,
                color: 'primary.light',
                bgcolor: 'rgba(167, 139, 250, 0.12)',
                border: '1px solid rgba(167, 139, 250, 0.35)',
                fontWeight: 600,
                maxWidth: '100%',
              }}
            />
            <Typography variant="h1" component="h1" id="landing-hero-title">
              Get your music on 150+ platforms. Keep 100% of your rights.
            </Typography>
            <Typography
              sx={{ mt: 3, fontSize: { xs: '1.05rem', md: '1.25rem' }, opacity: 0.85, maxWidth: 640 }}
            >
              Riffline delivers your releases to Spotify, Apple Music, TikTok, YouTube and every major store
              worldwide, with transparent royalties, fast turnaround and real human support.
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
              <ApplyButton sx={{ px: 4 }}>Apply Now</ApplyButton>
              <Button
                href="/api/login"
                variant="outlined"
                size="large"
                sx={{
                  px: 4,
                  py: 1.5,
                  color: 'common.white',
                  borderColor: 'rgba(255, 255, 255, 0.5)',
                  '&:hover': { borderColor: 'common.white', bgcolor: 'rgba(255, 255, 255, 0.08)' },
                }}
              >
                Login
              </Button>
            </Stack>
          </Box>
        </Container>
      </Box>

      {/* Claims strip */}
      <Box
        component="section"
        aria-label="Riffline at a glance"
        sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg">
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              m: 0,
              px: 0,
              py: { xs: 3, md: 4 },
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', md: 'repeat(6, auto)' },
              justifyContent: { md: 'space-between' },
              columnGap: 2,
              rowGap: 2,
            }}
          >
            {claims.map(({ text, Icon }) => (
              <Stack
                component="li"
                key={text}
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: { xs: 'flex-start', md: 'center' } }}
              >
                <Icon aria-hidden fontSize="small" sx={{ color: 'primary.main', flexShrink: 0 }} />
                <Typography component="span" sx={{ fontWeight: 700 }}>
                  {text}
                </Typography>
              </Stack>
            ))}
          </Box>
        </Container>
      </Box>

      {/* The rest, below the fold on a phone: right after the first paint. */}
      <AfterFirstPaint>
        <LaterSections host={host} />
      </AfterFirstPaint>
    </>
  );
}

/** The SmartLink section, the features and the closing call to action. */
function LaterSections({ host }: { host: string }) {
  return (
    <>
      {/* SmartLink */}
      <Box component="section" aria-labelledby="landing-smartlink-title" sx={{ py: { xs: 8, md: 12 } }}>
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              gap: { xs: 5, md: 8 },
              alignItems: 'center',
            }}
          >
            <Box>
              <Typography
                variant="overline"
                component="p"
                sx={{ color: 'primary.main', fontWeight: 700, letterSpacing: '0.1em' }}
              >
                Included free with every release
              </Typography>
              <Typography variant="h2" component="h2" id="landing-smartlink-title" sx={{ mt: 1 }}>
                Meet SmartLink
              </Typography>
              <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.1rem' }}>
                Every release gets its own free short-link page that sends fans straight to their favourite
                platform. Let fans pre-save before release day so your music is in their libraries the moment
                it drops, and optionally collect fan emails to build an audience you own.
              </Typography>
              <ApplyButton sx={{ mt: 4, px: 4 }}>Get Your SmartLink</ApplyButton>
            </Box>

            <Card
              elevation={0}
              sx={{
                p: { xs: 1, sm: 2 },
                borderRadius: 4,
                boxShadow: '0 24px 60px -24px rgba(124, 58, 237, 0.35)',
              }}
            >
              <CardContent>
                <Typography variant="body2" sx={{ color: 'text.secondary', fontWeight: 600 }}>
                  Example SmartLink
                </Typography>
                <Stack
                  direction="row"
                  spacing={1.5}
                  sx={{
                    mt: 1.5,
                    alignItems: 'center',
                    p: 2,
                    borderRadius: 2,
                    bgcolor: 'rgba(124, 58, 237, 0.08)',
                    border: '1px solid rgba(124, 58, 237, 0.2)',
                  }}
                >
                  <LinkIcon aria-hidden sx={{ color: 'primary.main', flexShrink: 0 }} />
                  <Typography
                    component="code"
                    sx={{
                      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                      fontWeight: 700,
                      fontSize: { xs: '0.95rem', sm: '1.05rem' },
                      color: 'primary.dark',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {`${host}/yourtrack`}
                  </Typography>
                </Stack>
                <Box component="ul" sx={{ listStyle: 'none', m: 0, mt: 3, p: 0, display: 'grid', gap: 2 }}>
                  {smartLinkFeatures.map(({ label, text, Icon }) => (
                    <Stack
                      component="li"
                      key={label}
                      direction="row"
                      spacing={2}
                      sx={{ alignItems: 'flex-start' }}
                    >
                      <Box
                        aria-hidden
                        sx={{
                          display: 'grid',
                          placeItems: 'center',
                          width: 40,
                          height: 40,
                          flexShrink: 0,
                          borderRadius: 2,
                          bgcolor: 'primary.main',
                          color: 'primary.contrastText',
                        }}
                      >
                        <Icon fontSize="small" />
                      </Box>
                      <Box>
                        <Typography sx={{ fontWeight: 700 }}>{label}</Typography>
                        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                          {text}
                        </Typography>
                      </Box>
                    </Stack>
                  ))}
                </Box>
              </CardContent>
            </Card>
          </Box>
        </Container>
      </Box>

      {/* Features */}
      <Box
        component="section"
        aria-labelledby="landing-features-title"
        sx={{ py: { xs: 8, md: 12 }, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider' }}
      >
        <Container maxWidth="lg">
          <Box sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', mb: { xs: 5, md: 7 } }}>
            <Typography variant="h2" component="h2" id="landing-features-title">
              Everything you need to release with confidence
            </Typography>
            <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.1rem' }}>
              From delivery to royalties to verified profiles, Riffline handles the details so you can focus
              on the music.
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
              gap: 3,
            }}
          >
            {features.map(({ title, text, Icon }) => (
              <IconCard key={title} title={title} text={text} Icon={Icon} lift />
            ))}
          </Box>
        </Container>
      </Box>

      {/* Closing call to action */}
      <Box
        component="section"
        aria-labelledby="landing-cta-title"
        sx={{
          ...night,
          position: 'relative',
          overflow: 'hidden',
          py: { xs: 8, md: 10 },
          textAlign: 'center',
        }}
      >
        <Box aria-hidden sx={glow} />
        <Container maxWidth="md" sx={{ position: 'relative' }}>
          <Typography variant="h2" component="h2" id="landing-cta-title">
            Your music, everywhere. Your rights, yours.
          </Typography>
          <Typography sx={{ mt: 2, opacity: 0.85, fontSize: '1.1rem' }}>
            Applying is free and takes a few minutes. Join 500+ independent artists releasing with Riffline.
          </Typography>
          <ApplyButton sx={{ mt: 5 }}>Apply Now</ApplyButton>
        </Container>
      </Box>
    </>
  );
}
