import type { ExportManifestEntry } from '@riffline/db';
import { escapeHtml } from '../../../identityProvider/views.ts';
import type { ExportResponse } from '@riffline/contracts';

/**
 * The export page (`mainFolderLink`, `webViewLink`): while the workers build the export, its progress
 * (the page reloads itself every few seconds, without a script); then its files, each a short-lived
 * download link, grouped by folder; or why it failed. Every value is escaped.
 */

export interface PageFile extends Pick<ExportManifestEntry, 'path' | 'size' | 'contentType' | 'link'> {
  url: string;
}

const RELOAD_SECONDS = 2;

const sizeText = (bytes: number | null) => {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
};

const kindText = { folder: 'Folder', document: 'Document' } as const;

function fileRow(file: PageFile, name: string): string {
  const note = file.link ? ' <span class="note">(link to the release’s audio)</span>' : '';
  return `<li><a href="${escapeHtml(file.url)}" download="${escapeHtml(name)}">${escapeHtml(name)}</a>${note} <span class="size">${escapeHtml(sizeText(file.size))}</span></li>`;
}

/** Files grouped by their first folder (a release's), those at the top first. */
function fileList(files: PageFile[]): string {
  const top = files.filter((f) => !f.path.includes('/'));
  const folders = new Map<string, PageFile[]>();
  for (const file of files.filter((f) => f.path.includes('/'))) {
    const [folder] = file.path.split('/');
    folders.set(folder!, [...(folders.get(folder!) ?? []), file]);
  }
  const topList = top.length ? `<ul>${top.map((f) => fileRow(f, f.path)).join('')}</ul>` : '';
  const sections = [...folders.entries()]
    .map(
      ([folder, inside]) =>
        `<section><h2>${escapeHtml(folder)}/</h2><ul>${inside
          .map((f) => fileRow(f, f.path.slice(folder.length + 1)))
          .join('')}</ul></section>`,
    )
    .join('');
  return topList + sections;
}

export function exportPage(job: ExportResponse, files: PageFile[]): string {
  const running = job.status === 'pending' || job.status === 'running';
  const status = running
    ? `<p class="status">${job.status === 'pending' ? 'Waiting to start' : 'Building'}: ${job.releasesDone} of ${job.totalReleases} releases written.</p>
<progress max="${job.totalReleases}" value="${job.releasesDone}">${job.progress}%</progress>
<p class="note">This page refreshes itself until the export is ready.</p>`
    : job.status === 'failed'
      ? `<p class="status failed">The export failed: ${escapeHtml(job.error ?? 'unknown error')}</p><p class="note">Ask for a new export from the releases page.</p>`
      : `<p class="status done">Ready: ${job.totalReleases} ${job.totalReleases === 1 ? 'release' : 'releases'}, ${files.length} files. Links work for 15 minutes: reload the page for new ones.</p>${fileList(files)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${running ? `<meta http-equiv="refresh" content="${RELOAD_SECONDS}">` : ''}
<title>${escapeHtml(job.title)} · Riffline export</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1d1b26}
h1{font-size:1.4rem;margin-bottom:.2rem}h2{font-size:1rem;margin:1.2rem 0 .3rem}
ul{padding-left:1.2rem;margin:.2rem 0}li{margin:.15rem 0}.size,.note,.meta{color:#666;font-size:.85rem}
progress{width:100%;height:1rem}.failed{color:#b91c1c}.done{color:#166534}
</style></head>
<body><h1>${escapeHtml(job.title)}</h1>
<p class="meta">${kindText[job.kind]} export · requested ${escapeHtml(job.createdAt.slice(0, 16).replace('T', ' '))} UTC · stored by Riffline (not uploaded to Google)</p>
${status}
</body></html>`;
}
