import { NonIdealState } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../app/hooks';
import { isAdmin, isRoot } from '../app/session-slice';

export interface RequireRoleProps {
  /** `admin`: role 10 and above; `root`: the super admin only. */
  level: 'admin' | 'root';
  children: ReactNode;
}

/** Shows an admin screen only to those allowed to use it; others see "no permission". */
export function RequireRole({ level, children }: RequireRoleProps) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const allowed = level === 'root' ? isRoot(user) : isAdmin(user);
  if (allowed) return <>{children}</>;
  return (
    <NonIdealState
      icon="lock"
      title={t('guard.title')}
      description={level === 'root' ? t('guard.rootOnly') : t('guard.adminOnly')}
    />
  );
}
