import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { helpCategorySlugs, type HelpCategorySlug } from '@riffline/contracts';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/**
 * The help-center articles, read from files (docs/help-center.md): `articles/<category-slug>/` holds
 * `_category.yaml` (title, description, order) and one `<article-id>.md` per article, a YAML front-matter
 * block (title, excerpt, order, popular?) followed by the article's HTML, served as it is written.
 */

export interface HelpArticle {
  id: string;
  title: string;
  excerpt: string;
  content: string;
  popular?: boolean;
}

export interface HelpCategory {
  slug: HelpCategorySlug;
  title: string;
  description: string;
  articles: HelpArticle[];
}

export const helpContentDir = fileURLToPath(new URL('./articles/', import.meta.url));
export const articlesPerCategory = 4;
export const categoryFile = '_category.yaml';

/** The content breaks a rule; `problems` names each file with what is wrong with it. */
export class HelpContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`The help-center content is invalid:\n${problems.map((p) => `- ${p}`).join('\n')}`);
    this.name = 'HelpContentError';
  }
}

const text = z
  .string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be text') })
  .refine((s) => s.trim() !== '', 'is empty');
const order = z.int({
  error: (issue) => (issue.input === undefined ? 'is missing' : 'must be a whole number'),
});
const mapping = {
  error: (issue: { code: string }) =>
    issue.code === 'invalid_type' ? 'must be YAML fields (one `name: value` per line)' : undefined,
};
const CategoryMeta = z.strictObject({ title: text, description: text, order }, mapping);
const ArticleMeta = z.strictObject(
  {
    title: text,
    excerpt: text,
    order,
    popular: z.boolean({ error: 'must be true or false' }).optional(),
  },
  mapping,
);

/** An entry while it is read: its `order` and the file it came from. */
type Placed<T> = T & { order: number; file: string };

const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** `---`, the YAML fields, `---` on a line of its own, then the article's HTML. */
const frontMatter = /^---\r?\n([\s\S]*?\r?\n)?---(?:\r?\n|$)([\s\S]*)$/;

/**
 * Reads and checks the help center from `dir` (the shipped articles by default): exactly the categories of
 * `helpCategorySlugs`, four articles each, ids unique, every field present and non-empty. Categories and
 * articles come in their `order`. Throws a HelpContentError listing every problem found.
 */
export function loadHelpContent(dir = helpContentDir): HelpCategory[] {
  const problems: string[] = [];
  const problem = (file: string, message: string) => void problems.push(`${file}: ${message}`);
  /** The YAML fields of `source` checked against `schema`, or undefined once the problems are noted. */
  const fields = <T extends z.ZodType>(file: string, schema: T, source: string): z.infer<T> | undefined => {
    let data: unknown;
    try {
      data = parseYaml(source);
    } catch (error) {
      problem(file, `is not valid YAML: ${(error as Error).message.trim()}`);
      return undefined;
    }
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      problem(file, issue.path.length ? `'${issue.path.join('.')}' ${issue.message}` : issue.message);
    }
    return undefined;
  };
  const entries = (folder: string) =>
    fs
      .readdirSync(folder, { withFileTypes: true })
      .filter((e) => !e.name.startsWith('.'))
      .sort((a, b) => a.name.localeCompare(b.name));

  if (!fs.statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new HelpContentError([`${dir}: the help-center folder is missing`]);
  }

  const categories: Array<Placed<Omit<HelpCategory, 'articles'> & { articles: Placed<HelpArticle>[] }>> = [];
  const idFiles = new Map<string, string>();
  for (const entry of entries(dir)) {
    const folder = path.join(dir, entry.name);
    if (!entry.isDirectory()) {
      problem(folder, 'is not a category folder (one folder per category, named by its slug)');
      continue;
    }
    if (!(helpCategorySlugs as readonly string[]).includes(entry.name)) {
      problem(folder, `is not a help category (the categories are ${helpCategorySlugs.join(', ')})`);
      continue;
    }
    const slug = entry.name as HelpCategorySlug;

    const metaFile = path.join(folder, categoryFile);
    let meta: z.infer<typeof CategoryMeta> | undefined;
    if (fs.existsSync(metaFile)) {
      meta = fields(metaFile, CategoryMeta, fs.readFileSync(metaFile, 'utf8'));
    } else {
      problem(metaFile, 'is missing (the title, description and order of the category)');
    }

    const articles: Placed<HelpArticle>[] = [];
    let articleFiles = 0;
    for (const item of entries(folder)) {
      const file = path.join(folder, item.name);
      if (item.name === categoryFile) continue;
      if (!item.isFile() || !item.name.endsWith('.md')) {
        problem(file, 'is not an article (articles are `<id>.md` files)');
        continue;
      }
      articleFiles++;
      const id = item.name.slice(0, -'.md'.length);
      if (!idPattern.test(id)) {
        problem(file, `the id '${id}' (the file name) must be lower-case words joined by hyphens`);
      }
      const other = idFiles.get(id);
      if (other) problem(file, `duplicate id '${id}': ${other} has it too`);
      else idFiles.set(id, file);

      const match = frontMatter.exec(fs.readFileSync(file, 'utf8'));
      if (!match) {
        problem(file, 'must start with a front-matter block between two `---` lines');
        continue;
      }
      const articleMeta = fields(file, ArticleMeta, match[1] ?? '');
      const content = match[2]!.trim();
      if (!content) problem(file, 'has no content after its front matter');
      if (!articleMeta || !content) continue;
      const { title, excerpt, popular, order } = articleMeta;
      // The fields in the order the api has always held them (popular only where the file sets it).
      articles.push({
        id,
        title,
        excerpt,
        ...(popular === undefined ? {} : { popular }),
        content,
        order,
        file,
      });
    }

    if (articleFiles !== articlesPerCategory) {
      problem(folder, `has ${articleFiles} articles; each category has exactly ${articlesPerCategory}`);
    }
    sameOrder(articles, problem);
    if (meta) categories.push({ slug, ...meta, articles, file: metaFile });
  }

  for (const slug of helpCategorySlugs) {
    if (!fs.existsSync(path.join(dir, slug))) {
      problem(path.join(dir, slug), `the category '${slug}' is missing`);
    }
  }
  sameOrder(categories, problem);
  if (problems.length) throw new HelpContentError(problems);

  const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;
  return categories.sort(byOrder).map(({ slug, title, description, articles }) => ({
    slug,
    title,
    description,
    articles: articles.sort(byOrder).map(({ order: _order, file: _file, ...article }) => article),
  }));
}

function sameOrder(items: Placed<object>[], problem: (file: string, m: string) => void) {
  const seen = new Map<number, string>();
  for (const { order, file } of items) {
    const other = seen.get(order);
    if (other) problem(file, `'order' ${order} is taken by ${other} too`);
    else seen.set(order, file);
  }
}

/** Read once, when the api starts: broken content stops the boot with the files to fix. */
export const helpCategories: HelpCategory[] = loadHelpContent();
