import { Alert, Button, Callout, H5, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldNamedIn, focusFirstInvalid } from '../../common/forms/focus-invalid';
import { useForm } from '../../common/forms/use-form';
import { isApiError } from '../../app/api-error';
import { showError, showSuccess } from '../../common/notify';
import {
  type EditedChannel,
  useCreateChannelsFromEditorMutation,
  useGetEditedChannelQuery,
  useGetTypeDefaultModelsQuery,
  useUpdateChannelFromEditorMutation,
} from './channel-editor-api';
import { type ChannelFormValues, channelValues, channelWrite, endsWithV1, newChannelValues } from './channel-form';
import { validateChannel } from './channel-form-rules';
import { channelTypeGroup, channelTypeName, channelTypeSpec, unservedReason } from './channel-types';
import { ChannelEditorAdvanced } from './ChannelEditorAdvanced';
import { ChannelEditorBasics } from './ChannelEditorBasics';
import { ChannelEditorModels } from './ChannelEditorModels';
import { ChannelEditorRouting } from './ChannelEditorRouting';
import './channel-editor.css';

export interface ChannelEditorFormProps {
  /** The channel to edit; null creates new ones. */
  channelId: number | null;
  onSaved(): void;
  onCancel(): void;
  /** Classes of the scrolling body and the button row (drawer or page layout). */
  bodyClassName?: string;
  footerClassName?: string;
}

/** The channel editor shared by the `/channel/add`, `/channel/edit/:id` pages and the list's drawer. */
export function ChannelEditorForm(props: ChannelEditorFormProps) {
  const { t } = useTranslation('channel');
  const { channelId } = props;
  const loaded = useGetEditedChannelQuery(channelId ?? 0, { skip: channelId === null, refetchOnMountOrArgChange: true });
  if (channelId !== null && !loaded.data) {
    return loaded.isError ? (
      <NonIdealState icon="error" title={t('editor.messages.loadFailed')} className={props.bodyClassName} />
    ) : (
      <Spinner className="mg-channel-editor-spinner" />
    );
  }
  return <ChannelEditorBody key={channelId ?? 'new'} channel={loaded.data} {...props} />;
}

/** The resource a Kubernetes-managed channel comes from, shown as `namespace/name`. */
function managedResource(channel: EditedChannel | undefined): string {
  const ref = channel?.external_ref?.trim() ?? '';
  return ref.startsWith('k8s:') ? ref.slice(4) : ref;
}

function ChannelEditorBody({ channel, onSaved, onCancel, bodyClassName, footerClassName }: ChannelEditorFormProps & { channel?: EditedChannel }) {
  const { t } = useTranslation('channel');
  const creating = channel === undefined;
  const resource = managedResource(channel);
  // A stored channel of a type the gateway does not serve yet: the server accepts only enabling,
  // disabling and deleting it, so the editor shows it without pretending it can be saved.
  const unserved = channel ? unservedReason(channel.type) : null;
  const coming = channel ? channelTypeGroup(channel.type) === 'coming' : false;
  const readOnly = resource !== '' || unserved !== null;
  const validate = useCallback((values: ChannelFormValues) => validateChannel(values, creating), [creating]);
  const { values, errors, setErrors, setField, check } = useForm<ChannelFormValues>(
    () => (channel ? channelValues(channel) : newChannelValues()),
    validate,
  );
  const { data: defaults = {} } = useGetTypeDefaultModelsQuery();
  const [createChannels, creation] = useCreateChannelsFromEditorMutation();
  const [updateChannel, update] = useUpdateChannelFromEditorMutation();
  const [confirmingV1, setConfirmingV1] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  // A new channel starts with its type's default models (spec §9; the reference's OpenAI list).
  const prefilled = useRef(!creating);
  useEffect(() => {
    const typeDefaults = defaults[String(values.type)];
    if (prefilled.current || !typeDefaults) return;
    prefilled.current = true;
    if (values.models.length === 0) setField('models', [...typeDefaults]);
  }, [defaults, values.type, values.models.length, setField]);

  const changeType = (type: number) => {
    setField('type', type);
    const typeDefaults = defaults[String(type)];
    // Models left empty, or still exactly the previous type's defaults, follow the new type.
    const previous = defaults[String(values.type)] ?? [];
    const untouched = values.models.length === previous.length && values.models.every((model) => previous.includes(model));
    if (typeDefaults && (values.models.length === 0 || untouched)) setField('models', [...typeDefaults]);
    const spec = channelTypeSpec(type);
    if (creating && !values.other.trim() && spec.otherField?.emptyMeans) setField('other', spec.otherField.emptyMeans);
  };

  const save = async () => {
    const body = channelWrite(values, creating);
    const result = channel ? await updateChannel({ ...body, id: channel.id }) : await createChannels(body);
    if (result.error) {
      // The toast gives the server's reason; a field it names is marked and brought into view.
      const reason = isApiError(result.error) ? result.error.message : '';
      const field = fieldNamedIn(reason, Object.keys(values) as Array<keyof ChannelFormValues & string>);
      if (field) {
        setErrors((current) => ({ ...current, [field]: reason }));
        focusFirstInvalid(formRef.current);
      }
      return;
    }
    const made = Array.isArray(result.data) ? result.data.length : 1;
    showSuccess(channel ? t('editor.messages.updated') : made > 1 ? t('editor.messages.createdMany', { count: made }) : t('editor.messages.created'));
    onSaved();
  };

  const submit = () => {
    if (readOnly) return;
    if (!check()) {
      const first = Object.values(validateChannel(values, creating)).find(Boolean);
      showError(first ?? t('editor.messages.checkInput'));
      focusFirstInvalid(formRef.current);
      return;
    }
    if (channelTypeSpec(values.type).baseUrlField && endsWithV1(values.base_url)) {
      setConfirmingV1(true);
      return;
    }
    void save();
  };

  const fields = { values, errors, setField, creating, readOnly };
  return (
    <>
      <form
        ref={formRef}
        id="channel-editor"
        className={`mg-channel-editor ${bodyClassName ?? ''}`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {resource && (
          <Callout intent={Intent.PRIMARY} icon="lock" title={t('editor.managed.title')} className="mg-channel-notice" data-testid="managed-callout">
            {t('editor.managed.body', { resource })}
          </Callout>
        )}
        {channel && unserved !== null && (
          <Callout
            intent={coming ? Intent.PRIMARY : Intent.WARNING}
            icon={coming ? 'time' : 'disable'}
            title={t(coming ? 'editor.unsupported.comingTitle' : 'editor.unsupported.title', { type: channelTypeName(channel.type) })}
            className="mg-channel-notice"
            data-testid="unsupported-callout"
            data-group={channelTypeGroup(channel.type)}
          >
            {t('editor.unsupported.body', { reason: unserved })}
          </Callout>
        )}
        <fieldset disabled={readOnly} className="mg-channel-fieldset">
          <H5>{t('editor.sections.basics')}</H5>
          <ChannelEditorBasics {...fields} onTypeChange={changeType} />
          <H5>{t('editor.sections.models')}</H5>
          <ChannelEditorModels {...fields} channelId={channel?.id ?? null} defaults={defaults} />
          <H5>{t('editor.sections.routing')}</H5>
          <ChannelEditorRouting {...fields} />
          <H5>{t('editor.sections.advanced')}</H5>
          <ChannelEditorAdvanced {...fields} />
        </fieldset>
      </form>
      <div className={`mg-channel-editor-footer ${footerClassName ?? ''}`}>
        <Button text={readOnly ? t('editor.actions.close') : t('editor.actions.cancel')} onClick={onCancel} />
        {!readOnly && (
          <Button type="submit" form="channel-editor" intent={Intent.PRIMARY} text={t('editor.actions.submit')}
            loading={creation.isLoading || update.isLoading} />
        )}
      </div>
      <Alert
        isOpen={confirmingV1}
        intent={Intent.WARNING}
        icon="warning-sign"
        confirmButtonText={t('editor.baseUrl.v1Continue')}
        cancelButtonText={t('editor.actions.cancel')}
        onCancel={() => setConfirmingV1(false)}
        onConfirm={() => {
          setConfirmingV1(false);
          void save();
        }}
      >
        <H5>{t('editor.baseUrl.v1ConfirmTitle')}</H5>
        <p>{t('editor.baseUrl.v1Confirm')}</p>
      </Alert>
    </>
  );
}
