import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import { Box, Button, Card, CardContent, Chip, Skeleton, Typography } from '@mui/material';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatGrowth, isDecline, type GrowthLine } from './growth.ts';

/**
 * A growth badge: green and rising for growth (or none), red and falling for a decline; `label` says what
 * it compares (read out, and shown on hover).
 */
export function GrowthBadge({
  percentage,
  label,
  testId,
}: {
  percentage: string;
  label: string;
  testId?: string;
}) {
  const down = isDecline(percentage);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={down ? 'error' : 'success'}
      icon={down ? <TrendingDownIcon /> : <TrendingUpIcon />}
      label={formatGrowth(percentage)}
      aria-label={label}
      title={label}
      data-testid={testId}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** A card's growth line: the badge and the days it compares with, or why there is no badge. */
function Growth({ line, testId }: { line: GrowthLine; testId: string }) {
  if (line.kind === 'none')
    return (
      <Typography variant="body2" color="text.secondary" data-testid={`${testId}-no-growth`}>
        {line.text}
      </Typography>
    );
  return (
    <>
      <GrowthBadge percentage={line.percentage} label={line.label} testId={`${testId}-growth`} />
      <Typography variant="body2" color="text.secondary">
        {line.caption}
      </Typography>
    </>
  );
}

/**
 * One figure of the dashboard: its label, the value once its query answers (a skeleton meanwhile, and
 * 'Could not load' with Retry when it failed), an optional growth line (the artist's own change, once
 * known; its place kept meanwhile), a note under it and an optional action.
 */
export function StatCard<T>({
  label,
  icon,
  query,
  value,
  note,
  growth,
  action,
  testId,
}: {
  label: string;
  icon: ReactNode;
  query: Pick<UseQueryResult<T>, 'data' | 'isPending' | 'error' | 'refetch'>;
  value: (data: T) => string;
  note?: ReactNode;
  /** The growth line, if the card has one: 'loading' while it loads (or when it could not be). */
  growth?: GrowthLine | 'loading';
  action?: ReactNode;
  testId: string;
}) {
  return (
    <Card component="section" aria-label={label} data-testid={testId} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
            {icon}
          </Box>
        </Box>
        {/* The skeleton is exactly as tall as the value (same font size and line height): no shift. */}
        {query.isPending && (
          <Skeleton variant="text" sx={{ fontSize: '1.9rem', lineHeight: 1.2 }} width="60%" />
        )}
        {query.error && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography color="error" variant="body2">
              Could not load
            </Typography>
            <Button size="small" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Box>
        )}
        {query.data !== undefined && (
          <Typography
            component="p"
            data-testid={`${testId}-value`}
            sx={{ fontSize: '1.9rem', fontWeight: 800, lineHeight: 1.2, overflowWrap: 'anywhere' }}
          >
            {value(query.data)}
          </Typography>
        )}
        {growth && (
          // As tall as the growth badge before it arrives, so the card keeps its height.
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 24 }}>
            {growth !== 'loading' && <Growth line={growth} testId={testId} />}
          </Box>
        )}
        {note && (
          <Typography variant="body2" color="text.secondary">
            {note}
          </Typography>
        )}
        {action && <Box sx={{ mt: 1 }}>{action}</Box>}
      </CardContent>
    </Card>
  );
}
