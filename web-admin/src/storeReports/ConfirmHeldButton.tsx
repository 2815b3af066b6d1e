import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import { Button } from '@mui/material';
import { formatMoney, type AdminStoreReportResponse } from '@riffline/contracts';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';
import { useAdminAction } from '../common/useAdminAction.ts';

/**
 * Confirm, on a held report only: `POST /api/admin/reports/:id/confirm` writes its royalties and
 * analytics now (the import held them: its amounts fell outside sane bounds).
 */
export function ConfirmHeldButton({ report }: { report: AdminStoreReportResponse }) {
  const translate = useTranslate();
  const toast = useToast();
  const [asking, setAsking] = useState(false);
  const confirm = useAdminAction({
    run: (dataProvider, id: string) => dataProvider.confirmStoreReport(id),
    onSuccess: (credited) => {
      setAsking(false);
      toast.success('riffline.reports.confirmed', 'riffline.reports.confirmedText', {
        filename: credited.filename,
        royalties: formatMoney(credited.royaltiesUsd, 'USD'),
      });
    },
    onFailure: (error) => {
      setAsking(false);
      toast.error('riffline.reports.confirmFailed', (error as Error).message || undefined);
    },
  });
  if (report.status !== 'held') return null;
  return (
    <>
      <Button
        variant="contained"
        color="warning"
        startIcon={<CheckCircleOutlineIcon />}
        disabled={confirm.isPending}
        onClick={() => setAsking(true)}
        sx={{ alignSelf: 'start' }}
      >
        {translate('riffline.reports.confirm')}
      </Button>
      <Confirm
        isOpen={asking}
        loading={confirm.isPending}
        title="riffline.reports.confirmTitle"
        titleTranslateOptions={{ filename: report.filename }}
        content="riffline.reports.confirmContent"
        confirm="riffline.reports.confirm"
        onConfirm={() => confirm.mutate(report.id)}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
