import { Card, H3 } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import './auth.css';

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mg-auth-page">
      <Card className="mg-auth-card" elevation={2}>
        <H3>{title}</H3>
        {children}
      </Card>
    </div>
  );
}
