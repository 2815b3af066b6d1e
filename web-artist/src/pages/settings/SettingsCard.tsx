import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One section of the Settings page: a titled card. */
export function SettingsCard({
  id,
  title,
  subtitle,
  children,
}: {
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent sx={{ p: { xs: 2.5, md: 3.5 }, display: 'grid', gap: 2 }}>
        <div>
          <Typography variant="h4" component="h2" id={id}>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
