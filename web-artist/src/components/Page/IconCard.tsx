import { Box, Card, CardContent, Typography } from '@mui/material';
import type { SvgIconComponent } from '@mui/icons-material';

/** A card with an icon badge, a title (h3) and a line or two of text: features and values. */
export function IconCard({
  title,
  text,
  Icon,
  lift = false,
}: {
  title: string;
  text: string;
  Icon: SvgIconComponent;
  lift?: boolean;
}) {
  return (
    <Card
      component="article"
      sx={{
        height: '100%',
        ...(lift && {
          transition: 'border-color 150ms ease, transform 150ms ease',
          '&:hover': { borderColor: 'primary.light', transform: 'translateY(-2px)' },
          '@media (prefers-reduced-motion: reduce)': { transition: 'none', '&:hover': { transform: 'none' } },
        }),
      }}
    >
      <CardContent sx={{ p: 3 }}>
        <Box
          aria-hidden
          sx={{
            display: 'grid',
            placeItems: 'center',
            width: 48,
            height: 48,
            borderRadius: 3,
            bgcolor: 'rgba(124, 58, 237, 0.1)',
            color: 'primary.main',
            mb: 2,
          }}
        >
          <Icon />
        </Box>
        <Typography variant="h4" component="h3" sx={{ fontSize: '1.15rem' }}>
          {title}
        </Typography>
        <Typography variant="body2" sx={{ mt: 1, color: 'text.secondary', lineHeight: 1.6 }}>
          {text}
        </Typography>
      </CardContent>
    </Card>
  );
}
