import { Card, NonIdealState } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { RequireRole } from '../../shell/RequireRole';
import { UserEditForm } from './UserEditForm';
import './users.css';

/**
 * `/user/edit/:id`: the user editor as a page of its own, working when opened directly.
 * `/user/edit` (no id) is the signed-in user's own profile, which lives on `/personal`.
 */
export function UserEditPage() {
  const { t } = useTranslation('user');
  const { id } = useParams();
  const navigate = useNavigate();
  if (id === undefined) return <Navigate to="/personal" replace />;
  const userId = /^\d{1,10}$/.test(id) ? Number(id) : 0;
  const back = () => void navigate('/user');
  return (
    <RequireRole level="admin">
      <div className="mg-user-edit-page">
        <div className="mg-page-header">
          <h2>{t('form.editTitle')}</h2>
        </div>
        <Card>
          {userId > 0 ? (
            <UserEditForm
              key={userId}
              userId={userId}
              footerClassName="mg-user-page-footer"
              onSaved={back}
              onCancel={back}
            />
          ) : (
            <NonIdealState icon="search" title={t('form.invalidId')} />
          )}
        </Card>
      </div>
    </RequireRole>
  );
}
