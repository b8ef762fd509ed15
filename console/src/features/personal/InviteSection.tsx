import { Button, ControlGroup, FormGroup, HTMLTable, InputGroup, Section, SectionCard } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuotaDisplay } from '../../app/status-api';
import { copyWithFeedback } from '../../common/copy-feedback';
import { renderNumber, renderQuota } from '../../common/quota';
import { useGetSelfQuery } from '../account/self-api';
import { useGetAffCodeQuery } from './personal-api';
import { TransferDialog } from './TransferDialog';

/** The link a new user registers through to count as invited. */
export function inviteLink(code: string, origin: string = window.location.origin): string {
  return `${origin}/register?aff=${encodeURIComponent(code)}`;
}

/** The invite link to share, what invitations earned, and moving those earnings into the balance. */
export function InviteSection() {
  const { t } = useTranslation('personal');
  const display = useQuotaDisplay();
  const { data: self } = useGetSelfQuery();
  const { data: code } = useGetAffCodeQuery();
  const [transferring, setTransferring] = useState(false);
  const link = code ? inviteLink(code) : '';

  return (
    <Section title={t('invite.title')} icon="people">
      <SectionCard>
        <FormGroup label={t('invite.link')} labelFor="invite-link">
          <ControlGroup fill>
            <InputGroup id="invite-link" fill readOnly value={link} onFocus={(event) => event.currentTarget.select()} />
            <Button
              icon="duplicate"
              text={t('invite.copy')}
              disabled={!link}
              onClick={() => void copyWithFeedback(link, t('invite.copied'))}
            />
          </ControlGroup>
        </FormGroup>
        <HTMLTable compact className="mg-invite-figures">
          <tbody>
            <tr>
              <th>{t('invite.pending')}</th>
              <td data-testid="aff-quota">{renderQuota(self?.aff_quota ?? 0, display)}</td>
              <td>
                <Button size="small" icon="exchange" text={t('invite.transfer')} onClick={() => setTransferring(true)} />
              </td>
            </tr>
            <tr>
              <th>{t('invite.total')}</th>
              <td data-testid="aff-history">{renderQuota(self?.aff_history_quota ?? 0, display)}</td>
              <td />
            </tr>
            <tr>
              <th>{t('invite.count')}</th>
              <td data-testid="aff-count">{renderNumber(self?.aff_count ?? 0)}</td>
              <td />
            </tr>
          </tbody>
        </HTMLTable>
      </SectionCard>
      <TransferDialog isOpen={transferring} available={self?.aff_quota ?? 0} onClose={() => setTransferring(false)} />
    </Section>
  );
}
