import GroupsIcon from '@mui/icons-material/Groups';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/** SPEC §2: the Team tab is a 'coming soon' placeholder. */
export function TeamPage() {
  const translate = useTranslate();
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="riffline.team.title" />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
          <GroupsIcon sx={{ fontSize: 56 }} color="disabled" />
          <Typography variant="h5" component="h1">
            {translate('riffline.team.heading')}
          </Typography>
          <Typography color="text.secondary" sx={{ maxWidth: 520 }}>
            {translate('riffline.team.text')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
