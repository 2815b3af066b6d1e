import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ListButton, Title, TopToolbar, useNotify, useRedirect, useTranslate } from 'react-admin';
import { useToast } from '../common/Toast.tsx';
import { uploadReport } from './api.ts';

/** Upload a store report (the `reports` resource's create page): then follow its import on its page. */
export function ReportUpload() {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`riffline.reports.${key}`, options);
  const notify = useNotify();
  const toast = useToast();
  const redirect = useRedirect();
  const [file, setFile] = useState<File | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      notify(t('noFile'), { type: 'warning' });
      return;
    }
    setBusy(true);
    try {
      const report = await uploadReport(file, force);
      toast.success('riffline.reports.uploaded', 'riffline.reports.uploadedText', {
        filename: report.filename,
      });
      redirect('show', 'reports', report.id);
    } catch (error) {
      toast.error('riffline.reports.failed', (error as Error).message || undefined);
      setBusy(false);
    }
  }

  return (
    <>
      <Title title={t('uploadTitle')} />
      <TopToolbar>
        <ListButton />
      </TopToolbar>
      <Card component="form" onSubmit={submit} aria-label={t('uploadTitle')}>
        <CardContent>
          <Stack spacing={2} sx={{ maxWidth: 640 }}>
            <Typography variant="body2" color="text.secondary">
              {t('uploadHelp')}
            </Typography>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadFileIcon />}
              sx={{ alignSelf: 'start', textTransform: 'none', overflowWrap: 'anywhere' }}
            >
              {file ? file.name : t('chooseFile')}
              <input
                type="file"
                hidden
                name="file"
                accept=".csv,.tsv,.txt,.gz,text/csv,text/tab-separated-values,text/plain,application/gzip"
                aria-label={t('file')}
                onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              />
            </Button>
            <FormControlLabel
              control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />}
              label={t('force')}
            />
            <Button type="submit" variant="contained" disabled={busy} sx={{ alignSelf: 'start' }}>
              {busy ? t('uploading') : t('upload')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </>
  );
}
