/** The admin console's first page; react-admin over ra-data-simple-rest replaces it in the admin issues. */
export function App() {
  return (
    <main
      style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}
    >
      <h1>Riffline Admin</h1>
      <p>The admin console is served here at /admin.</p>
      <p>
        <a href="/">Back to Riffline</a>
      </p>
    </main>
  );
}
