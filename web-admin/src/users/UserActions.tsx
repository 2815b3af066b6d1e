import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BlockIcon from '@mui/icons-material/Block';
import CheckIcon from '@mui/icons-material/Check';
import PersonIcon from '@mui/icons-material/Person';
import { Button, Stack, Typography } from '@mui/material';
import type { Role, UserResponse } from '@riffline/contracts';
import { useState, type ReactNode } from 'react';
import { Confirm, useGetIdentity, useRecordContext, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

type Change = { role: Role } | { isApproved: boolean };
type Step = 'makeAdmin' | 'makeArtist' | 'approve' | 'unapprove';

const steps: Record<Step, { change: Change; done: string; icon: ReactNode }> = {
  makeAdmin: { change: { role: 'admin' }, done: 'nowAdmin', icon: <AdminPanelSettingsIcon /> },
  makeArtist: { change: { role: 'artist' }, done: 'nowArtist', icon: <PersonIcon /> },
  approve: { change: { isApproved: true }, done: 'nowApproved', icon: <CheckIcon /> },
  unapprove: { change: { isApproved: false }, done: 'nowUnapproved', icon: <BlockIcon /> },
};

const key = (name: string) => `riffline.userActions.${name}`;

/** Who the dialogs and toasts name: the email, else the username, else the id. */
export const userName = (user: Pick<UserResponse, 'email' | 'username' | 'id'>) =>
  user.email ?? user.username ?? user.id;

/**
 * Make Admin / Make Artist and Approve / Revoke Approval on one user, each confirmed first, through the
 * API's explicit actions (`PATCH /api/admin/users/:id/role|approval`). An admin's own demotion and
 * un-approval are not offered (the API refuses them too).
 */
export function UserActions() {
  const user = useRecordContext<UserResponse>();
  const { identity } = useGetIdentity();
  const translate = useTranslate();
  const toast = useToast();
  const [asking, setAsking] = useState<Step | null>(null);
  const action = useAdminAction({
    run: (dataProvider, step: Step) => {
      const change = steps[step].change;
      return 'role' in change
        ? dataProvider.changeUserRole(user!.id, change.role)
        : dataProvider.changeUserApproval(user!.id, change.isApproved);
    },
    onSuccess: (updated, step) => {
      setAsking(null);
      toast.success(key('updated'), key(steps[step].done), { name: userName(updated) });
    },
    onFailure: (error) => {
      setAsking(null);
      const message = error instanceof Error && error.message ? error.message : key('failedText');
      toast.error(key('failed'), message);
    },
  });
  if (!user) return null;
  const self = identity?.id === user.id;
  const offered: Step[] = [
    user.role === 'admin' ? 'makeArtist' : 'makeAdmin',
    user.isApproved ? 'unapprove' : 'approve',
  ];
  const args = { name: userName(user) };
  return (
    <Stack spacing={1} onClick={(e) => e.stopPropagation()}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {offered.map((step) => (
          <Button
            key={step}
            size="small"
            variant={step === 'unapprove' || step === 'makeArtist' ? 'outlined' : 'contained'}
            color={step === 'unapprove' ? 'error' : step === 'approve' ? 'success' : 'primary'}
            startIcon={steps[step].icon}
            disabled={action.isPending || (self && (step === 'makeArtist' || step === 'unapprove'))}
            onClick={() => setAsking(step)}
          >
            {translate(key(step))}
          </Button>
        ))}
      </Stack>
      {self && (
        <Typography variant="body2" color="text.secondary">
          {translate(key('you'))}
        </Typography>
      )}
      {offered.map((step) => (
        <Confirm
          key={step}
          isOpen={asking === step}
          loading={action.isPending}
          title={key(`${step}Title`)}
          titleTranslateOptions={args}
          content={key(`${step}Content`)}
          contentTranslateOptions={args}
          confirm={key(step)}
          confirmColor={step === 'unapprove' ? 'warning' : 'primary'}
          onConfirm={() => action.mutate(step)}
          onClose={() => setAsking(null)}
        />
      ))}
    </Stack>
  );
}
