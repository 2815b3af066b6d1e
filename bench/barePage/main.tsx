/**
 * The bare page: React rendering a heading and a paragraph, nothing else. What any React page costs before
 * it shows, the baseline of the web apps' weight and Lighthouse figures (bench/barePage/barePage.ts).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main>
      <h1>A bare React page</h1>
      <p>One heading and a paragraph, rendered by React: the least a page of the web apps could download.</p>
    </main>
  </StrictMode>,
);
