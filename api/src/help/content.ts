import type { HelpCategorySlug } from '@riffline/contracts';

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

export const helpCategories: HelpCategory[] = [
  {
    slug: 'getting-started',
    title: 'Getting Started',
    description: 'Apply to Riffline, find your way around the dashboard and set up your account.',
    articles: [
      {
        id: 'applying-to-riffline',
        title: 'How to apply and what reviewers look for',
        excerpt:
          'Applying to Riffline is free: here is what the application asks for, how long review takes ' +
          'and how to give yourself the best chance.',
        popular: true,
        content: `<h2>Applying to Riffline</h2>
<p>Riffline works with independent artists through a short, free application. You only need to apply once.
After you are approved, your dashboard opens up and you can start building releases.</p>
<h3>Before you start</h3>
<p>Sign in with <strong>Continue with Riffline ID</strong>. Your Riffline ID is a regular email and password
account, so use an email address you check often: the decision on your application is sent there.</p>
<h3>What the application asks for</h3>
<p>Go to <a href="/apply">the application page</a> and fill in:</p>
<ul>
<li><strong>Legal name</strong>: your real name, as it appears on your ID and bank account. It is used for
payouts and paperwork, not shown to listeners.</li>
<li><strong>Artist name</strong>: the name you release music under.</li>
<li><strong>Age</strong>: you must be at least 13 years old.</li>
<li><strong>Genre</strong>: the main style of your music.</li>
<li><strong>Artist story</strong>: a few sentences about who you are and what you make.</li>
<li><strong>Instagram and YouTube links</strong>: both are required.</li>
<li><strong>Spotify and demo links</strong>: optional, but they help reviewers hear your music.</li>
<li><strong>Phone number</strong>: optional.</li>
</ul>
<h3>What reviewers look for</h3>
<p>Reviewers mainly want to confirm that you are a real artist who owns the music you plan to release.
You can make that easy:</p>
<ul>
<li>Check that your Instagram and YouTube links open and point to your artist accounts, not to a private
profile or someone else's page.</li>
<li>Use the same artist name on the application and on your social profiles, or explain any difference in
your story.</li>
<li>Write your story in your own words. Mention past releases, shows or the project you want to put out
first.</li>
<li>Add a demo or Spotify link if you have one.</li>
<li>Never apply using another artist's name or with music you are not authorised to distribute.</li>
</ul>
<h3>After you submit</h3>
<p>Review usually takes <strong>24-48 hours</strong>, and the decision arrives by email. Once you are
approved, sign in and your <a href="/">dashboard</a> is ready to use.</p>
<p>You can only have one application under review at a time, so there is no need to submit again while you
wait. If your application is not approved, read the decision email, fix what it points out and apply again
once the earlier application is no longer under review. If something is unclear, use the
<a href="/contact">contact form</a> and we will help.</p>`,
      },
      {
        id: 'dashboard-tour',
        title: 'After approval: a tour of your dashboard',
        excerpt:
          'A quick walk through every part of the Riffline dashboard, from the Release Builder to ' +
          'royalties, your coin wallet and support.',
        content: `<h2>Your dashboard at a glance</h2>
<p>Once your application is approved, signing in with <strong>Continue with Riffline ID</strong> takes you to
your <a href="/">dashboard</a>. Here is what each area does and when you will use it.</p>
<h3>Releases</h3>
<p><a href="/releases">Releases</a> is home to the Release Builder, where you create singles, EPs and albums
and send them to major streaming stores and 150+ other platforms. You keep 100% of the rights to your
music. Every release shows a status:</p>
<ul>
<li><strong>Draft</strong>: saved but not submitted yet. You can come back to it or delete it.</li>
<li><strong>Processing</strong>: submitted and being reviewed by our team.</li>
<li><strong>Live</strong>: approved and sent to stores. Most stores show it within 3-5 days of approval.</li>
<li><strong>Rejected</strong>: not approved for distribution. You can fix and edit it, or delete it and
start again.</li>
</ul>
<h3>Analytics</h3>
<p><a href="/analytics">Analytics</a> shows your streams per store and per country. The numbers come from
store reports, which usually arrive 2-3 months after the streams happen, so new releases take a while to
show up here.</p>
<h3>Royalties</h3>
<p><a href="/royalties">Royalties</a> shows three figures: <strong>Total earnings</strong>,
<strong>This month</strong> and <strong>Available to withdraw</strong>. When your available balance reaches
the minimum of 20 USD (shown in your preferred currency), you can request a withdrawal from here.</p>
<h3>Wallet</h3>
<p><a href="/wallet">Wallet</a> holds your coins. One coin equals one Indian rupee, and coins are used to pay
distribution fees. You can top up from as little as 1 rupee.</p>
<h3>Support and tickets</h3>
<p>Open a ticket at <a href="/support">Support</a> whenever you need help, and follow the replies at
<a href="/tickets">Tickets</a>. We answer tickets within 24 hours. For general questions you can also use
the <a href="/contact">contact form</a>, which is staffed Monday to Friday, 9am-6pm EST.</p>
<h3>Settings</h3>
<p><a href="/settings">Settings</a> is where you choose your preferred currency, add payout methods and
change your password.</p>
<h3>A good first week</h3>
<ol>
<li>Open <a href="/settings">Settings</a>, pick your currency and add a payout method, so everything is
ready when your first royalties arrive.</li>
<li>Top up your <a href="/wallet">wallet</a> if you will need coins for distribution fees.</li>
<li>Start your first release in <a href="/releases">Releases</a> and choose a release date at least two
weeks away.</li>
<li>Once a release is live, ask for artist profile help (video channel claim or store profile
verification) through a <a href="/support">support ticket</a>.</li>
</ol>`,
      },
      {
        id: 'account-and-settings',
        title: 'Your account and settings',
        excerpt:
          'How to sign in, change your password, pick your preferred currency and set up payout ' +
          'methods in Settings.',
        content: `<h2>Your Riffline account</h2>
<p>Your account is tied to your <strong>Riffline ID</strong>, an email and password login. Every time you
visit Riffline, choose <strong>Continue with Riffline ID</strong> and sign in with that email and password.
Most account options live on the <a href="/settings">Settings</a> page.</p>
<h3>Changing your password</h3>
<ol>
<li>Open <a href="/settings">Settings</a>.</li>
<li>Find the password section and enter your new password.</li>
<li>Save. Use the new password the next time you sign in.</li>
</ol>
<p>Pick a password you do not use anywhere else, and never share it, even with a manager or collaborator.
Anyone who can sign in to your account can see your earnings and payout details. If you cannot sign in at
all, reach us through the <a href="/contact">contact form</a>.</p>
<h3>Preferred currency</h3>
<p>Stores pay in many currencies, so Riffline converts your figures into one currency of your choice. In
<a href="/settings">Settings</a> you can pick from 10 currencies:</p>
<ul>
<li>USD, EUR, GBP, INR, JPY</li>
<li>CAD, AUD, CNY, BRL, MXN</li>
</ul>
<p>Your preferred currency is used across <a href="/royalties">Royalties</a>, including the minimum
withdrawal. The minimum is 20 USD, so if you choose EUR or INR you will see the equivalent amount in that
currency.</p>
<h3>Payout methods</h3>
<p>Before you can withdraw earnings, add at least one payout method in <a href="/settings">Settings</a>.
Riffline supports:</p>
<ul>
<li><strong>UPI</strong></li>
<li><strong>PayPal</strong></li>
<li><strong>Bank transfer</strong>: you will need the account holder name, account number and IFSC
code.</li>
</ul>
<p>You can save more than one method and mark one as your <strong>default</strong>. Make sure the name on
the account matches the legal name from your application, as a mismatch is a common reason for a payout
to be held up.</p>
<h3>Emails from Riffline</h3>
<p>Important messages, such as the decision on your application, are sent to the email address of your
Riffline ID. Use an inbox you check regularly and add Riffline to your contacts so our messages do not end
up in spam. Replies to your support tickets are also always visible at <a href="/tickets">Tickets</a>,
so you can check there if you think you missed something.</p>
<h3>Need something changed?</h3>
<p>If you need to update something you cannot change yourself, such as your legal name, open a ticket at
<a href="/support">Support</a> with the details and we will take it from there.</p>`,
      },
      {
        id: 'artist-profile-services',
        title: 'Artist profile services: video channel claim and store verification',
        excerpt:
          'Riffline can help you claim an official artist channel on video platforms and verify your ' +
          'artist profile on streaming stores.',
        content: `<h2>Getting your official artist profiles</h2>
<p>Once your music is out, you will want your artist pages to look official and be under your control.
Riffline offers two extra services to help with that. Both are requested through a support ticket.</p>
<h3>Official video channel claim</h3>
<p>Video platforms can bring your music videos, your uploads and your automatically created music content
together in one official artist channel, with a verification mark. We can help you claim that channel
for the music you distribute through Riffline.</p>
<p>This is useful if your releases currently appear on a separate auto-generated channel, or if fans find
several channels under your name and do not know which one is really you.</p>
<h3>Streaming store profile verification</h3>
<p>Most streaming stores let artists claim their profile so they can update the photo and bio, see
listener data and pitch music to playlists. We can help you get your profile on those stores verified
and linked to you.</p>
<h3>Before you request</h3>
<ul>
<li>Have at least one release that is <strong>Live</strong> through Riffline. Platforms verify artists
through music their distributor has delivered, so there needs to be something in the stores first.</li>
<li>Make sure your artist name is spelled the same way on your releases and on your channel or
profile.</li>
<li>Keep your own channel active and public. A channel with no uploads or a private channel is hard to
verify.</li>
</ul>
<h3>How to request a service</h3>
<ol>
<li>Go to <a href="/support">Support</a> and open a new ticket.</li>
<li>Use a clear subject, for example <em>Video channel claim</em> or <em>Store profile
verification</em>.</li>
<li>In the message, include your artist name, the release title and its UPC if you have it, and a link to
the channel or profile you want claimed or verified.</li>
<li>Choose a priority. <strong>Low</strong> or <strong>medium</strong> is right for these requests; keep
<strong>high</strong> and <strong>urgent</strong> for problems that block a release or a payout.</li>
</ol>
<p>We reply to tickets within 24 hours, and you can follow the conversation at
<a href="/tickets">Tickets</a>. Keep in mind that the final decision and timing belong to the video
platform or the store, so some requests take longer than others. We will keep you updated in the ticket
and let you know if we need anything else from you.</p>
<p>If you need both services, you can ask for them in a single ticket.</p>`,
      },
    ],
  },
  {
    slug: 'uploading-music',
    title: 'Uploading Music',
    description: 'Build releases, prepare your audio and artwork, and manage release dates and edits.',
    articles: [
      {
        id: 'creating-your-first-release',
        title: 'Creating your first release step by step',
        excerpt:
          'A walk through all five steps of the Release Builder, from release info to pressing ' +
          'Create Release.',
        popular: true,
        content: `<h2>Creating your first release</h2>
<p>Releases are built in the Release Builder at <a href="/releases">Releases</a>. It has five steps, and
you can save a <strong>Draft</strong> and come back later. Have your audio files and artwork ready before
you start.</p>
<h3>Step 1: Release info</h3>
<p>Choose the release type and enter the basics such as the title and release artists:</p>
<ul>
<li><strong>Single</strong>: 1 track.</li>
<li><strong>EP</strong>: 2-5 tracks, with a limit of 5.</li>
<li><strong>Album</strong>: 5-20 tracks, with a limit of 20.</li>
</ul>
<p>You can list up to 3 release artists. Spell every name exactly as it appears on your existing
releases, or stores may create a new artist page.</p>
<h3>Step 2: Tracks and metadata</h3>
<p>Upload each audio file (WAV preferred, MP3 accepted, up to 200 MB per track) and fill in its details:</p>
<ul>
<li>1-3 primary artists, plus any featuring artists.</li>
<li>Producer, lyricist and composer.</li>
<li>Whether the track is vocal or instrumental.</li>
<li>The <strong>explicit</strong> flag, if the lyrics contain explicit content.</li>
<li>An ISRC if you already have one. If you leave it empty, we assign one.</li>
</ul>
<h3>Step 3: Distribution checklist</h3>
<p>Confirm that explicit content is labelled, that you are authorised to distribute the music, and that
you are not using another artist's name. Answer honestly: wrong answers can delay distribution.</p>
<h3>Step 4: Release settings</h3>
<ul>
<li><strong>Release date</strong>: at least 2 weeks ahead, so stores can ingest the release and playlist
pitches are possible.</li>
<li><strong>Pricing tier</strong>: budget, mid or premium. Mid is the default.</li>
<li><strong>Stores</strong>: all stores, downloads only, streaming only, or a custom store list.</li>
<li><strong>Auto-distribute to new stores</strong>: on by default, so your music reaches platforms we add
later.</li>
<li><strong>Country restrictions</strong>: optional, if the release must not appear in some
countries.</li>
<li><strong>Previously released</strong>: for re-releases, tick this and enter the original release
date.</li>
</ul>
<h3>Step 5: Review and create</h3>
<p>Check everything one last time: titles, spelling, artist names, track order and artwork. Then press
<strong>Create Release</strong>. The status changes to <strong>Processing</strong> while our team reviews
it. Once approved it becomes <strong>Live</strong>, and most stores show it within 3-5 days. If it is
<strong>Rejected</strong>, you can fix it or delete it and start again.</p>
<h3>Tips for a smooth review</h3>
<ul>
<li>Make sure the artwork text matches the artist name and title you entered.</li>
<li>Do not add words like "feat." or "official" to the title; use the artist fields instead.</li>
<li>Questions? Open a ticket at <a href="/support">Support</a>.</li>
</ul>`,
      },
      {
        id: 'audio-file-requirements',
        title: 'Audio file requirements',
        excerpt:
          'Which audio formats Riffline accepts, the quality stores expect, the 200 MB limit and how ' +
          'to export your masters.',
        content: `<h2>Audio file requirements</h2>
<p>Stores play exactly the file you upload, so it is worth getting your exports right before you open the
Release Builder at <a href="/releases">Releases</a>.</p>
<h3>Accepted formats</h3>
<ul>
<li><strong>WAV (preferred)</strong>: 16-bit / 44.1 kHz or better, for example 24-bit / 48 kHz.</li>
<li><strong>MP3 (accepted)</strong>: use 320 kbps. Lower bitrates are audibly worse on good speakers.</li>
<li><strong>Maximum size</strong>: 200 MB per track.</li>
</ul>
<h3>Staying under 200 MB</h3>
<p>A stereo WAV at 16-bit / 44.1 kHz uses about 10 MB per minute, so 200 MB fits roughly 19 minutes. At
24-bit / 48 kHz it is about 17 MB per minute, or roughly 11 minutes. If a long track goes over the limit,
export it at 16-bit / 44.1 kHz instead.</p>
<h3>Exporting your master</h3>
<ol>
<li>Export from the final, mastered session, not from a rough mix.</li>
<li>Export at the sample rate and bit depth of your session. Do not convert an MP3 back to WAV: it gets
bigger but not better, and stores can tell.</li>
<li>Listen to the whole file once before uploading. Check for clicks, distortion, cut-off endings and
long silences at the start.</li>
<li>Name files clearly, for example <code>01 Song Title.wav</code>, so you upload them in the right
order.</li>
</ol>
<h3>One file per track</h3>
<p>Each track on a release needs its own file. Do not upload a whole EP or album as one long file, and do
not put several songs in a single track. The track list of a single is 1 track, an EP 2-5 tracks and an
album 5-20 tracks.</p>
<h3>Metadata that goes with the audio</h3>
<p>For each track you also enter 1-3 primary artists, optional featuring artists, the producer, lyricist
and composer, whether it is vocal or instrumental, and whether it is explicit. If a track contains
explicit lyrics, turn on the explicit flag. The distribution checklist asks you to confirm this, and
unlabelled explicit content can delay distribution.</p>
<h3>ISRCs and new versions</h3>
<p>Every recording has an ISRC. If you already have one for a track, enter it; if not, we assign one. If
you make a new mix, remaster or edit of a song, it is a new recording and needs a new ISRC, even if the
title stays the same.</p>
<h3>Upload problems?</h3>
<p>If an upload keeps failing, first check the format and file size. If it still fails, open a ticket at
<a href="/support">Support</a> with the file name, format and size, and we will look into it.</p>`,
      },
      {
        id: 'preparing-artwork',
        title: 'Artwork guidelines',
        excerpt:
          'What your cover art needs to pass review: size, format, colour mode and what must not ' +
          'appear on it.',
        content: `<h2>Preparing your cover artwork</h2>
<p>Your cover is the first thing listeners see, and stores check it closely. Artwork that breaks store
rules is one of the most common reasons a release is delayed or rejected, so check these points before
you upload.</p>
<h3>Technical requirements</h3>
<ul>
<li><strong>Shape</strong>: square, exactly as wide as it is tall.</li>
<li><strong>Size</strong>: at least 3000 x 3000 pixels.</li>
<li><strong>Format</strong>: JPG or PNG.</li>
<li><strong>Colour mode</strong>: RGB. CMYK files, often exported for print, are not accepted.</li>
<li><strong>Quality</strong>: sharp and clear, with no blurriness, pixelation or visible compression.</li>
</ul>
<p>Do not enlarge a small image to reach 3000 x 3000 pixels. Upscaling makes it blurry, and blurry
artwork gets rejected. Start your design at full size instead.</p>
<h3>What must not appear on the cover</h3>
<ul>
<li>Website addresses or URLs.</li>
<li>Social media handles, such as <code>@yourname</code>.</li>
<li>Prices or anything that looks like an offer.</li>
<li>Store or platform logos.</li>
</ul>
<h3>Text on the cover</h3>
<p>You do not have to put any text on your cover. If you do, it must match the release: the artist name
and title on the artwork must be the same as the release artists and title you enter in the Release
Builder. A cover that says one title while the release says another will not pass review.</p>
<h3>Using images you have the rights to</h3>
<p>Only use photos, illustrations and fonts you made yourself or have permission to use. In the
distribution checklist you confirm that you are authorised to distribute your release, and that
includes the artwork. Avoid images of other artists or anything that suggests a connection to an artist
who is not on the release.</p>
<h3>Quick checklist before uploading</h3>
<ol>
<li>Open the file and check its dimensions: 3000 x 3000 or larger, and square.</li>
<li>Confirm it is saved as JPG or PNG in RGB.</li>
<li>Zoom in to 100% and look for blur or jagged edges.</li>
<li>Read every word on it and compare it with your release artist and title.</li>
</ol>
<h3>Changing artwork later</h3>
<p>If you spot a mistake after creating the release, you can edit the artwork from
<a href="/releases">Releases</a>. Keep in mind that stores need time to pick up changes. If your release
was rejected because of the artwork, replace it and follow the guidance above. For anything unclear, open
a ticket at <a href="/support">Support</a>.</p>`,
      },
      {
        id: 'release-dates-and-editing',
        title: 'Release dates, ISRC and UPC codes, and editing releases',
        excerpt:
          'How to pick a release date, what ISRC and UPC codes are, and what you can edit or delete ' +
          'after creating a release.',
        content: `<h2>Choosing a release date</h2>
<p>You set the release date in the Release Builder at <a href="/releases">Releases</a>. Pick a date at
least <strong>2 weeks ahead</strong>. That gives stores time to ingest your release and makes it possible
to pitch your music to playlists before release day.</p>
<p>After our team approves a release, it goes live in most stores within 3-5 days. If you choose a date
that is too close, some stores may put it out later than planned, and you lose the chance to pitch it.
For an album or a campaign you are promoting, give yourself even more time.</p>
<h3>Re-releasing older music</h3>
<p>If the music was out before, for example through another distributor, turn on
<strong>Previously released</strong> in the release settings and enter the original release date. Stores
then show the correct date and order it properly in your discography.</p>
<h2>ISRC and UPC codes</h2>
<ul>
<li><strong>ISRC</strong> identifies each individual recording. It has 12 characters and looks like
<code>IN-ABC-26-00001</code>. If you already have an ISRC for a track, for example from an earlier
release, enter it. If not, we assign one for you.</li>
<li><strong>UPC</strong> identifies the release as a whole, so a single, an EP or an album each have
their own.</li>
</ul>
<p>Keep the same ISRC when the same recording appears again, for example when a single is later included
on an album. A new mix, remaster or edit is a different recording and needs a new ISRC. Stores use these
codes to count streams and pay royalties, so getting them right helps your earnings land in the right
place.</p>
<h2>Release statuses</h2>
<ul>
<li><strong>Draft</strong>: saved, not submitted.</li>
<li><strong>Processing</strong>: in review by our team.</li>
<li><strong>Live</strong>: approved and delivered to stores.</li>
<li><strong>Rejected</strong>: not approved for distribution.</li>
</ul>
<h2>Editing and deleting releases</h2>
<p>After creating a release you can still edit its <strong>title</strong>, <strong>artwork</strong> and
<strong>release artists</strong> from <a href="/releases">Releases</a>. Stores need some time to pick up
changes to a live release.</p>
<p>You can delete releases that are in <strong>Draft</strong> or <strong>Rejected</strong> status. Releases
that are processing or live cannot be deleted from the dashboard. If you need to change the audio of a
live release or take it down from stores, open a ticket at <a href="/support">Support</a> and tell us the
release title and its UPC.</p>`,
      },
    ],
  },
  {
    slug: 'royalties-payments',
    title: 'Royalties & Payments',
    description: 'Understand when your earnings arrive, how to withdraw them and how the coin wallet works.',
    articles: [
      {
        id: 'how-royalties-are-reported',
        title: 'How and when royalties are reported',
        excerpt:
          'Stores report earnings monthly, usually 2-3 months after the streams; here is how that ' +
          'shows up in Royalties and Analytics.',
        popular: true,
        content: `<h2>How royalties reach you</h2>
<p>When people stream or buy your music, the stores do not pay instantly. Each store collects its numbers,
works out what it owes and sends a report to Riffline. Here is how that process looks from your side.</p>
<h3>Monthly store reports</h3>
<p>Stores report to us <strong>once a month</strong>, and each report typically covers streams from
<strong>2-3 months earlier</strong>. That means streams from January usually appear in your account
around March or April. This delay comes from the stores' reporting schedule, not from Riffline.</p>
<p>So if your release went live recently and your earnings are still at zero, that is normal. Your first
earnings will show up once the stores send the report covering your release's first weeks.</p>
<h3>When you get paid</h3>
<p>Monthly payouts are processed within <strong>45 days</strong> of the store report. Once earnings are
processed, they move into <strong>Available to withdraw</strong> and you can request a withdrawal as soon as
you have at least 20 USD available.</p>
<h3>Reading the Royalties page</h3>
<p><a href="/royalties">Royalties</a> shows three figures:</p>
<ul>
<li><strong>Total earnings</strong>: everything you have earned with Riffline so far.</li>
<li><strong>This month</strong>: earnings added this month from the latest reports. This reflects when the
report arrived, not when the streams happened.</li>
<li><strong>Available to withdraw</strong>: the amount you can request as a withdrawal right now.</li>
</ul>
<p>All amounts are shown in your preferred currency, which you can change in
<a href="/settings">Settings</a>.</p>
<h3>Streams in Analytics</h3>
<p><a href="/analytics">Analytics</a> shows your streams per store and per country. It is based on the same
store reports, so it follows the same 2-3 month delay.</p>
<h3>Why earnings per stream vary</h3>
<p>There is no fixed amount per stream. What you earn depends on the store, the listener's country and
whether they use a paid or free plan. A thousand streams in one country can pay quite differently from a
thousand streams in another, and downloads pay differently from streams.</p>
<h3>Your rights</h3>
<p>You keep 100% of the rights to your music. Riffline delivers your releases to stores and passes
the earnings they report on to you.</p>
<h3>Something looks wrong?</h3>
<p>If the reports for a period seem to be missing earnings, first check that enough time has passed. If it
has, open a ticket at <a href="/support">Support</a> with the release title, the store and the month you
are asking about.</p>`,
      },
      {
        id: 'requesting-a-withdrawal',
        title: 'Requesting a withdrawal',
        excerpt:
          'How to withdraw your available earnings, the 20 USD minimum, and what each withdrawal ' +
          'status means.',
        content: `<h2>Withdrawing your earnings</h2>
<p>Once your royalties are processed, they appear under <strong>Available to withdraw</strong> on the
<a href="/royalties">Royalties</a> page. From there you can move them to your own account.</p>
<h3>Before your first withdrawal</h3>
<ul>
<li>Add at least one payout method (UPI, PayPal or bank transfer) in <a href="/settings">Settings</a>
and mark one as your default.</li>
<li>Check that the name on the payout account matches your legal name.</li>
<li>Make sure you have at least the <strong>minimum withdrawal of 20 USD</strong> available. The minimum
is shown in your preferred currency, so if you use INR or EUR you will see the equivalent amount.</li>
</ul>
<h3>How to request a withdrawal</h3>
<ol>
<li>Open <a href="/royalties">Royalties</a> and check your <strong>Available to withdraw</strong>
amount.</li>
<li>Start a withdrawal request and enter the amount.</li>
<li>Check the payout method the money will go to.</li>
<li>Confirm the request.</li>
</ol>
<h3>What happens next</h3>
<p>Our team reviews each withdrawal request. You will then see one of two outcomes:</p>
<ul>
<li><strong>Approved - Processing (24hr)</strong>: your request has been approved and the money is on its
way. Approved withdrawals are paid within 24 hours.</li>
<li><strong>Declined</strong>: the request was not paid. The reason is shown with the request, so you know
what to fix before trying again.</li>
</ul>
<p>Common reasons a request can be declined include payout details that are incomplete or incorrect, or
an account holder name that does not match your legal name. Fix the details in
<a href="/settings">Settings</a> and submit a new request.</p>
<h3>Timing tips</h3>
<ul>
<li>Royalties arrive monthly. Stores report 2-3 months after the streams, and payouts are processed
within 45 days of the store report, so your available balance grows in steps rather than every day.</li>
<li>You do not have to withdraw every month. Your available balance stays on your account until you
request it.</li>
<li>Once you have submitted a request, avoid changing or removing the payout method it uses until the
money has arrived.</li>
</ul>
<h3>Payment not received?</h3>
<p>If a withdrawal shows as approved but the money has not arrived after 24 hours, check the payout
details first. Bank transfers can take a little longer to show in your account depending on your bank.
If it still has not arrived, open a ticket at <a href="/support">Support</a> with the date and amount of
the withdrawal, and choose <strong>high</strong> priority.</p>`,
      },
      {
        id: 'payout-methods',
        title: 'Payout methods: UPI, PayPal and bank transfer',
        excerpt:
          'How to add UPI, PayPal or bank transfer as a payout method, choose a default and avoid ' +
          'failed payments.',
        content: `<h2>Setting up payout methods</h2>
<p>A payout method is where Riffline sends your money when you withdraw your earnings. You manage payout
methods in <a href="/settings">Settings</a>, and you need at least one before you can request a
withdrawal.</p>
<h3>Available methods</h3>
<ul>
<li><strong>UPI</strong>: pay straight to your UPI ID. Quick and simple if you have an Indian bank account
linked to UPI.</li>
<li><strong>PayPal</strong>: pay to the email address of your PayPal account. A good option if you live
outside India.</li>
<li><strong>Bank transfer</strong>: pay directly to a bank account. You will need the account holder
name, the account number and the IFSC code of your branch.</li>
</ul>
<p>The IFSC code identifies an Indian bank branch, and you can find it on your cheque book, in your
banking app or on your bank's website. If your bank is outside India, PayPal is usually the easiest
choice.</p>
<h3>Adding a payout method</h3>
<ol>
<li>Open <a href="/settings">Settings</a> and go to the payout methods section.</li>
<li>Choose UPI, PayPal or bank transfer.</li>
<li>Enter the details carefully and save.</li>
<li>If you have more than one method, mark the one you use most as your <strong>default</strong>.</li>
</ol>
<h3>Choosing a default</h3>
<p>Your default payout method is the one your withdrawals go to unless you pick another. You can change
the default at any time in <a href="/settings">Settings</a>. If you switch banks or close a PayPal
account, update your default before your next withdrawal.</p>
<h3>Avoiding failed or declined payouts</h3>
<ul>
<li><strong>Match your legal name.</strong> The account holder name should be the same as the legal name
on your Riffline application.</li>
<li><strong>Double-check numbers.</strong> A single wrong digit in an account number or IFSC code can
send a payment back or hold it up.</li>
<li><strong>Use your own account.</strong> Payouts go to accounts in your own name, not a friend's or a
manager's personal account.</li>
<li><strong>Do not edit during a payout.</strong> Once a withdrawal is approved and shows
<strong>Approved - Processing (24hr)</strong>, leave its payout method unchanged until the money
arrives.</li>
</ul>
<h3>Currency</h3>
<p>Your earnings and the minimum withdrawal of 20 USD are shown in the preferred currency you pick in
<a href="/settings">Settings</a>. You can choose from USD, EUR, GBP, INR, JPY, CAD, AUD, CNY, BRL and
MXN.</p>
<h3>Need help?</h3>
<p>If a payout was declined, the reason is shown with the request. If you are still unsure what to
change, open a ticket at <a href="/support">Support</a> and include which payout method you are using.
Never send full passwords or one-time codes in a ticket; we will never ask for them.</p>`,
      },
      {
        id: 'coin-wallet-and-fees',
        title: 'The coin wallet and distribution fees',
        excerpt:
          'How Riffline coins work, how to top up your wallet, what Verify does and how coins pay ' +
          'for distribution.',
        content: `<h2>Your coin wallet</h2>
<p>Riffline uses coins to pay for distribution fees. Your coins live in your wallet at
<a href="/wallet">Wallet</a>, where you can see your balance and add more.</p>
<h3>What a coin is worth</h3>
<p>The rule is simple: <strong>1 coin = 1 Indian rupee</strong>. If you top up 500 rupees, you get 500
coins.</p>
<h3>Topping up</h3>
<ol>
<li>Open <a href="/wallet">Wallet</a>.</li>
<li>Enter the amount you want to top up. The minimum top-up is 1 rupee.</li>
<li>Continue to the payment page and complete the payment there.</li>
<li>Return to your wallet. Once the payment is confirmed, the coins appear in your balance.</li>
</ol>
<h3>When a payment is pending</h3>
<p>Sometimes a payment takes a little while to be confirmed, for example if you closed the payment page
early or your bank was slow to respond. In that case the top-up shows as pending in your wallet.</p>
<ul>
<li>Use <strong>Verify</strong> on the pending payment to check its status again.</li>
<li>If the payment went through, the coins are added to your balance.</li>
<li>Do not pay a second time while a payment is still pending, or you may be charged twice.</li>
</ul>
<p>If a payment still shows as pending after you have verified it a few times, and money has left your
account, open a ticket at <a href="/support">Support</a>. Include the amount, the date and time of the
payment and any reference shown on the payment page.</p>
<h3>Paying distribution fees</h3>
<p>Coins are used to pay distribution fees for your releases. Before you create a release in
<a href="/releases">Releases</a>, check that your wallet has enough coins, so your release is not held
up waiting for payment. Topping up a little ahead of time is the easiest way to keep your release
schedule on track.</p>
<h3>Coins and royalties are separate</h3>
<p>Your coin balance and your royalty earnings are two different things. Royalties are what stores pay
for your music; you see them on <a href="/royalties">Royalties</a> and withdraw them to a payout method.
Coins are money you add yourself to pay fees on Riffline. Keep this in mind when reading your balances
so you do not mix up the two.</p>
<h3>Tips</h3>
<ul>
<li>Check your balance at <a href="/wallet">Wallet</a> before starting a new release.</li>
<li>Keep the confirmation from the payment page until the coins show in your wallet.</li>
<li>For questions about a specific payment, open a ticket and choose <strong>medium</strong> priority, or
<strong>high</strong> if it is blocking a release.</li>
</ul>`,
      },
    ],
  },
];
