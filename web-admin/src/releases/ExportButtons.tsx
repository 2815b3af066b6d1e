import DescriptionIcon from '@mui/icons-material/Description';
import DriveFolderUploadIcon from '@mui/icons-material/DriveFolderUpload';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useLogoutIfAccessDenied, useTranslate } from 'react-admin';
import { dataProvider } from '../dataProvider.ts';
import { useToast } from '../common/Toast.tsx';

const targets = [
  {
    target: 'drive',
    label: 'riffline.releases.export.drive',
    done: 'riffline.releases.export.doneDrive',
    failed: 'riffline.releases.export.failedDrive',
    icon: <DriveFolderUploadIcon />,
  },
  {
    target: 'docs',
    label: 'riffline.releases.export.docs',
    done: 'riffline.releases.export.doneDocs',
    failed: 'riffline.releases.export.failedDocs',
    icon: <DescriptionIcon />,
  },
] as const;

/**
 * Export to Drive / Export to Docs for every release (SPEC §2): the workers build the export and its page
 * opens in a new tab. The tab is opened on the click itself (a tab opened after the answer would be
 * blocked as a pop-up), then sent to the export's page, or closed when the export fails.
 */
export function ExportButtons() {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const translate = useTranslate();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const run = async ({ target, done, failed }: (typeof targets)[number]) => {
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const { link, totalReleases } = await dataProvider.exportReleases(target);
      if (tab) {
        tab.opener = null;
        tab.location.href = link;
      } else {
        window.open(link, '_blank', 'noopener');
      }
      toast.success(done, 'riffline.releases.export.doneText', { count: totalReleases });
    } catch (error) {
      tab?.close();
      if (!(await logoutIfAccessDenied(error))) toast.error('riffline.releases.export.failed', failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      {targets.map((t) => (
        <Button key={t.target} size="small" startIcon={t.icon} disabled={busy} onClick={() => void run(t)}>
          {translate(t.label)}
        </Button>
      ))}
    </>
  );
}
