/**
 * A load of real commands through the stack's front door (nginx), as people make them: artists sign up,
 * apply and are approved; they open tickets the admin answers; they make releases, upload their artwork
 * and audio and submit them, and the admin approves them (delivered to the stack's SFTP store); the admin
 * imports a store report. Every write the API accepted (2xx) is recorded, to be looked for afterwards.
 */
import { Browser, formOf } from '../support/browser.ts';
import { validApplication, validReleaseBody } from '../support/factories.ts';
import { png, wav } from '../support/media.ts';

/** The cover every release uploads, made once (deflating 9 megapixels is the load's own cost). */
let cover: Buffer | undefined;
const artwork = () => (cover ??= png(3000, 3000));

export type WriteKind =
  | 'signUp'
  | 'application'
  | 'approval'
  | 'ticket'
  | 'ticketReply'
  | 'release'
  | 'upload'
  | 'submission'
  | 'releaseApproval'
  | 'report';

export interface Write {
  kind: WriteKind;
  /** The row it made or changed (the user's email for a sign-up). */
  id: string;
}

export interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

/** Not accepted: the stack refused the command or could not be reached. */
class Refused extends Error {}

/** One request `send` made and its answer's status, for a run that measures latency (the soak). */
export interface Latency {
  at: number;
  ms: number;
  method: string;
  status: number;
}

export class Client {
  /** When a run sets it, every answered `send` of every client is noted here. */
  static latencies: Latency[] | null = null;
  readonly browser = new Browser();
  constructor(readonly url: string) {}

  async send(method: string, path: string, body?: unknown, contentType?: string): Promise<Answer> {
    const started = performance.now();
    const raw = body instanceof Uint8Array || typeof body === 'string' || body instanceof FormData;
    const page = await this.browser.request(`${this.url}${path}`, {
      method,
      body: body === undefined ? undefined : raw ? (body as BodyInit) : JSON.stringify(body),
      headers: {
        origin: this.url,
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': contentType ?? 'application/json' }),
      },
    });
    Client.latencies?.push({ at: Date.now(), ms: performance.now() - started, method, status: page.status });
    return { status: page.status, body: page.body, json: <T>() => page.json<T>() };
  }

  /** A write that must succeed for the scenario to go on; its answer. */
  async write(method: string, path: string, body?: unknown, contentType?: string): Promise<Answer> {
    let answer: Answer;
    try {
      answer = await this.send(method, path, body, contentType);
    } catch (error) {
      throw new Refused(`${method} ${path}: ${String(error)}`);
    }
    if (answer.status < 200 || answer.status > 299) {
      throw new Refused(`${method} ${path}: ${answer.status} ${answer.body.slice(0, 200)}`);
    }
    return answer;
  }

  /** The embedded provider's create-account form, then back signed in. */
  async signUp(email: string, password: string): Promise<void> {
    const start = await this.browser.get(`${this.url}/api/login`);
    if (start.status !== 200) throw new Refused(`sign-in page: ${start.status}`);
    const create = await this.browser.get(`${start.url}/signup`);
    if (create.status !== 200) throw new Refused(`create-account page: ${create.status}`);
    const done = await this.browser.submit(create, formOf(create), {
      firstName: 'Verify',
      lastName: 'Artist',
      email,
      password,
    });
    if (done.status !== 200 || !this.browser.cookie('riffline.sid')) {
      throw new Refused(`sign-up: ${done.status} at ${done.url}`);
    }
  }

  async signIn(email: string, password: string): Promise<void> {
    const start = await this.browser.get(`${this.url}/api/login`);
    if (start.status !== 200) throw new Refused(`sign-in page: ${start.status}`);
    const done = await this.browser.submit(start, formOf(start), { email, password });
    if (done.status !== 200) throw new Refused(`sign-in: ${done.status} at ${done.url}`);
  }
}

interface Artist {
  client: Client;
  email: string;
  /** What the artist has used of the API's hourly limits (20 tickets, 60 ticket messages). */
  tickets: string[];
  messages: number;
}

const TICKETS_PER_ARTIST = 18;
const MESSAGES_PER_ARTIST = 55;

export interface LoadOptions {
  url: string;
  admin: Client;
  /** At most this many new artists in all (the provider allows 30 sign-ups an hour per address). */
  signUps: number;
  /** A name unique to the run, in every email address and title. */
  run: string;
  /**
   * The pause after each scenario in a loop: people's pace, not a flood. Flat out, two loops ask for more
   * than the stores' deliveries can carry on two cores, and every check would wait on that queue.
   */
  paceMs?: number;
}

export class Load {
  readonly writes: Write[] = [];
  /** Commands refused or not answered (a fault's cost, not a loss: the client was told). */
  refused = 0;
  readonly artists: Artist[] = [];
  private signedUp = 0;
  private step = 0;
  private stopping = false;
  private loops: Promise<void>[] = [];

  constructor(private readonly options: LoadOptions) {}

  private record(kind: WriteKind, id: string) {
    this.writes.push({ kind, id });
  }

  /** `concurrency` loops of scenarios until `stop()`. */
  start(concurrency: number): void {
    this.stopping = false;
    this.loops = Array.from({ length: concurrency }, async () => {
      while (!this.stopping) {
        try {
          await this.scenario(this.step++);
          await new Promise((r) => setTimeout(r, this.options.paceMs ?? 250));
        } catch (error) {
          if (!(error instanceof Refused)) throw error;
          this.refused += 1;
          // A part is down: try again shortly rather than spinning.
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.all(this.loops);
  }

  /**
   * One step in eight is a new artist (while sign-ups are left), one in sixteen a release, the rest
   * tickets: a release's delivery is the slowest thing the stack does (a package over SFTP, one store
   * after another), so releases are the rarest, or the stores' queue would outgrow every window.
   */
  private scenario(n: number): Promise<void> {
    if (!this.artists.length || (n % 8 === 0 && this.signedUp < this.options.signUps))
      return this.newArtist();
    const artist = this.artists[n % this.artists.length]!;
    return n % 16 === 15 ? this.release(artist) : this.ticket(artist);
  }

  /** Sign up, apply, approved by the admin (an approval mail). */
  async newArtist(): Promise<void> {
    const n = ++this.signedUp;
    const email = `${this.options.run}-artist-${n}@example.test`;
    const client = new Client(this.options.url);
    await client.signUp(email, 'correct horse battery');
    this.record('signUp', email);
    const application = await client.write('POST', '/api/applications', {
      ...validApplication(),
      artistName: `${this.options.run} Artist ${n}`,
    });
    const id = application.json<{ id: string }>().id;
    this.record('application', id);
    await this.options.admin.write('PATCH', `/api/admin/applications/${id}`, { status: 'approved' });
    this.record('approval', id);
    this.artists.push({ client, email, tickets: [], messages: 0 });
  }

  /**
   * A ticket, or a follow-up on the artist's last one once they have opened their hourly share, answered
   * by the admin (a reply mail); a release instead once both shares are spent.
   */
  async ticket(artist: Artist): Promise<void> {
    let id = artist.tickets.at(-1);
    if (artist.tickets.length < TICKETS_PER_ARTIST) {
      const opened = await artist.client.write('POST', '/api/support-tickets', {
        subject: `${this.options.run} ticket ${this.step}`,
        message: 'Where is my release? It has been a week.',
      });
      id = opened.json<{ id: string }>().id;
      artist.tickets.push(id);
      this.record('ticket', id);
    } else if (artist.messages < MESSAGES_PER_ARTIST) {
      artist.messages += 1;
      const posted = await artist.client.write('POST', `/api/support-tickets/${id}/messages`, {
        message: 'Any news? The release date is close.',
      });
      this.record('ticketReply', posted.json<{ id: string }>().id);
    } else {
      return this.release(artist);
    }
    const reply = await this.options.admin.write('POST', `/api/admin/tickets/${id}/messages`, {
      message: 'We are on it: it goes to the stores this week.',
    });
    this.record('ticketReply', reply.json<{ id: string }>().id);
  }

  /** A single with its artwork and audio, submitted and approved (delivered to the store). */
  async release(artist: Artist): Promise<void> {
    const created = await artist.client.write(
      'POST',
      '/api/releases',
      validReleaseBody({ title: `${this.options.run} release ${this.step}` }),
    );
    const release = created.json<{ id: string; tracks: Array<{ id: string }> }>();
    this.record('release', release.id);
    await artist.client.write('PUT', `/api/releases/${release.id}/artwork`, artwork(), 'image/png');
    this.record('upload', `artwork:${release.id}`);
    for (const track of release.tracks) {
      await artist.client.write('PUT', `/api/tracks/${track.id}/audio`, wav(1), 'audio/wav');
      this.record('upload', `audio:${track.id}`);
    }
    await artist.client.write('POST', `/api/releases/${release.id}/submit`);
    this.record('submission', release.id);
    await this.options.admin.write('PATCH', `/api/admin/releases/${release.id}`, { status: 'live' });
    this.record('releaseApproval', release.id);
  }

  /** The admin imports a store report (Riffline's CSV) naming the given ISRCs and one nobody has. */
  async report(isrcs: string[], period: string): Promise<void> {
    const lines = ['period,store,country,isrc,sale_type,units,net_revenue,currency'];
    for (const isrc of [...isrcs, 'ZZZZZ9900001'])
      lines.push(`${period},Spotify,US,${isrc},stream,1000,3.21,USD`);
    const form = new FormData();
    form.append(
      'file',
      new Blob([lines.join('\n') + '\n'], { type: 'text/csv' }),
      `${this.options.run}-${this.step++}.csv`,
    );
    const answer = await this.options.admin.write('POST', '/api/admin/reports', form);
    this.record('report', answer.json<{ id: string }>().id);
  }
}
