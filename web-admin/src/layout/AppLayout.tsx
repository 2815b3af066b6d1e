import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppBar } from './AppBar.tsx';
import { AppMenu } from './AppMenu.tsx';

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppBar} menu={AppMenu}>
      {children}
    </Layout>
  );
}
