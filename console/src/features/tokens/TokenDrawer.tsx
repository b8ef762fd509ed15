import { Button, Classes, Drawer, Intent, Position, Spinner } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../common/forms/use-form';
import { showSuccess } from '../../common/notify';
import { useIsMobile } from '../../shell/use-is-mobile';
import { useGetSelfGroupsQuery } from '../account/self-api';
import { TokenFormFields } from './TokenFormFields';
import { newTokenValues, type TokenFormValues, tokenSettings, tokenValues, validateToken } from './token-form';
import { type Token, useCreateTokensMutation, useGetTokenQuery, useUpdateTokenMutation } from './tokens-api';

export interface TokenDrawerProps {
  /** The token to edit; absent creates new ones. */
  tokenId?: number;
  onClose(): void;
}

/** The token editor: one drawer for creating (one or a batch) and editing. */
export function TokenDrawer({ tokenId, onClose }: TokenDrawerProps) {
  const { t } = useTranslation('token');
  const isMobile = useIsMobile();
  const creating = tokenId === undefined;
  const loaded = useGetTokenQuery(tokenId ?? 0, { skip: creating, refetchOnMountOrArgChange: true });
  const ready = creating || loaded.data !== undefined;
  return (
    <Drawer
      isOpen
      position={Position.RIGHT}
      size={isMobile ? '100%' : 560}
      icon={creating ? 'add' : 'edit'}
      title={creating ? t('form.createTitle') : t('form.editTitle')}
      onClose={onClose}
    >
      {ready ? <TokenEditor token={loaded.data} onClose={onClose} /> : <Spinner className="mg-token-drawer-body" />}
    </Drawer>
  );
}

function TokenEditor({ token, onClose }: { token?: Token; onClose(): void }) {
  const { t } = useTranslation('token');
  const creating = token === undefined;
  const validate = useCallback((values: TokenFormValues) => validateToken(values, creating), [creating]);
  const { values, errors, setField, check } = useForm<TokenFormValues>(
    () => (token ? tokenValues(token) : newTokenValues()),
    validate,
  );
  const { data: groups = {} } = useGetSelfGroupsQuery();
  const [createTokens, creation] = useCreateTokensMutation();
  const [updateToken, update] = useUpdateTokenMutation();

  const submit = async () => {
    if (!check()) return;
    const settings = tokenSettings(values);
    const result = token
      ? await updateToken({ ...token, ...settings, id: token.id })
      : await createTokens({ ...settings, count: Number(values.count.trim()) });
    if (result.error) return;
    showSuccess(token ? t('messages.updated') : t('messages.created'));
    onClose();
  };

  return (
    <>
      <form
        className={`${Classes.DRAWER_BODY} mg-token-drawer-body`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        id="token-editor"
        noValidate
      >
        <TokenFormFields values={values} errors={errors} creating={creating} groups={groups} setField={setField} />
      </form>
      <div className={`${Classes.DRAWER_FOOTER} mg-token-drawer-footer`}>
        <Button text={t('form.cancel')} onClick={onClose} />
        <Button
          type="submit"
          form="token-editor"
          intent={Intent.PRIMARY}
          text={t('form.submit')}
          loading={creation.isLoading || update.isLoading}
        />
      </div>
    </>
  );
}
