import { Box, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';
import BalanceIcon from '@mui/icons-material/Balance';
import BoltIcon from '@mui/icons-material/Bolt';
import FavoriteIcon from '@mui/icons-material/Favorite';
import PublicIcon from '@mui/icons-material/Public';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { ApplyButton } from '../../components/Page/ApplyButton.tsx';
import { IconCard } from '../../components/Page/IconCard.tsx';
import { Page } from '../../components/Page/Page.tsx';
import { night } from '../../theme.ts';

const stats: { value: string; label: string }[] = [
  { value: '150+', label: 'Platforms' },
  { value: '500+', label: 'Artists' },
  { value: '100%', label: 'Rights kept' },
  { value: '24/7', label: 'Support' },
];

const values: { title: string; text: string; Icon: SvgIconComponent }[] = [
  {
    title: 'Artists First',
    text: 'Every decision starts with one question: is this good for the artist? Your music and your career come first.',
    Icon: FavoriteIcon,
  },
  {
    title: 'Transparency',
    text: 'Clear statements, clear terms and no hidden fees. You always know what you earned and where it came from.',
    Icon: VisibilityIcon,
  },
  {
    title: 'Speed',
    text: 'Your release should not sit in a queue. Most releases go live in 3-5 days.',
    Icon: BoltIcon,
  },
  {
    title: 'Fairness',
    text: 'You keep 100% of your rights and masters. We earn our place by doing good work, not by owning yours.',
    Icon: BalanceIcon,
  },
  {
    title: 'Global Reach',
    text: 'From the biggest streaming services to regional stores, we get your music in front of listeners everywhere.',
    Icon: PublicIcon,
  },
  {
    title: 'Real Support',
    text: 'Real people who understand music answer your questions, any time of day.',
    Icon: SupportAgentIcon,
  },
];

export default function About() {
  return (
    <Page
      title="About Riffline"
      documentTitle="About"
      subtitle="We help independent artists release their music worldwide, keep every right they own, and get paid fairly."
    >
      {/* Mission */}
      <Box
        component="section"
        aria-labelledby="about-mission-title"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '5fr 7fr' },
          gap: { xs: 2, md: 6 },
          alignItems: 'start',
        }}
      >
        <Typography variant="h2" component="h2" id="about-mission-title">
          Our Mission
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, color: 'text.secondary', fontSize: '1.1rem', lineHeight: 1.7 }}>
          <Typography sx={{ fontSize: 'inherit', lineHeight: 'inherit' }}>
            Riffline exists so independent artists can share their music with the world without giving
            anything away. You made it, so you keep 100% of your rights. That is not a promotion; it is how we
            work.
          </Typography>
          <Typography sx={{ fontSize: 'inherit', lineHeight: 'inherit' }}>
            We believe you should understand exactly how your music earns money, so our royalty statements are
            transparent and easy to read. We keep releases moving quickly, because momentum matters when you
            are building an audience.
          </Typography>
          <Typography sx={{ fontSize: 'inherit', lineHeight: 'inherit' }}>
            And when you need help, you talk to a person who cares about getting it right, not an automated
            reply.
          </Typography>
        </Box>
      </Box>

      {/* Stats */}
      <Box component="section" aria-label="Riffline in numbers" sx={{ mt: { xs: 6, md: 8 } }}>
        <Box
          component="ul"
          sx={{
            m: 0,
            p: 0,
            listStyle: 'none',
            display: 'grid',
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
            gap: { xs: 2, md: 3 },
          }}
        >
          {stats.map(({ value, label }) => (
            <Box
              component="li"
              key={label}
              sx={{
                ...night,
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'center',
                textAlign: 'center',
                borderRadius: 3,
                px: 2,
                py: { xs: 3, md: 4 },
              }}
            >
              <Typography
                component="span"
                sx={{
                  display: 'block',
                  fontWeight: 800,
                  fontSize: { xs: '1.9rem', md: '2.4rem' },
                  lineHeight: 1.1,
                  color: 'primary.light',
                }}
              >
                {value}
              </Typography>
              <Typography component="span" sx={{ display: 'block', mt: 0.5, opacity: 0.85 }}>
                {label}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>

      {/* Values */}
      <Box component="section" aria-labelledby="about-values-title" sx={{ mt: { xs: 8, md: 10 } }}>
        <Typography variant="h2" component="h2" id="about-values-title">
          What We Value
        </Typography>
        <Box
          sx={{
            mt: { xs: 3, md: 4 },
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            gap: 3,
          }}
        >
          {values.map(({ title, text, Icon }) => (
            <IconCard key={title} title={title} text={text} Icon={Icon} />
          ))}
        </Box>
      </Box>

      {/* Call to action */}
      <Box
        component="section"
        aria-labelledby="about-cta-title"
        sx={{
          mt: { xs: 8, md: 10 },
          p: { xs: 4, md: 6 },
          borderRadius: 4,
          textAlign: 'center',
          bgcolor: 'rgba(124, 58, 237, 0.06)',
          border: '1px solid rgba(124, 58, 237, 0.18)',
        }}
      >
        <Typography variant="h2" component="h2" id="about-cta-title">
          Ready to release your music?
        </Typography>
        <Typography sx={{ mt: 2, color: 'text.secondary', fontSize: '1.1rem', maxWidth: 560, mx: 'auto' }}>
          Applying is free. Tell us about your music and we will get back to you soon.
        </Typography>
        <ApplyButton sx={{ mt: 4 }}>Apply to Join</ApplyButton>
      </Box>
    </Page>
  );
}
