import { Alert, Button, Callout, FormGroup, InputGroup, Intent, TagInput, TextArea } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../common/FormDialog';
import { showError, showInfo, showSuccess } from '../../common/notify';
import { type TagEdit, useEditChannelTagMutation } from './channels-api';
import { checkTagEdit, emptyTagEditForm, MAPPING_TEMPLATE, type TagEditForm } from './tag-edit';

/** Names typed one by one; Enter adds the name typed instead of submitting the form. */
function NameListInput({ label, values, onChange }: { label: string; values: string[]; onChange(values: string[]): void }) {
  return (
    <TagInput
      values={values}
      addOnBlur
      separator=","
      inputProps={{ 'aria-label': label }}
      onChange={(next) => onChange(next.map(String))}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && (event.target as HTMLInputElement).value) event.preventDefault();
      }}
    />
  );
}

export interface TagEditorDialogProps {
  /** The tag edited; null while closed. */
  tag: string | null;
  onClose(): void;
}

/**
 * Edits every channel of a tag at once (spec §5 "Tag edit"): rename or dissolve the tag, and
 * overwrite models, groups or the model mapping; a field left empty stays as it is.
 */
export function TagEditorDialog({ tag, onClose }: TagEditorDialogProps) {
  const { t } = useTranslation('channel');
  const [form, setForm] = useState<TagEditForm>(emptyTagEditForm(tag ?? ''));
  const [dissolving, setDissolving] = useState<TagEdit | null>(null);
  const [editTag, call] = useEditChannelTagMutation();
  useEffect(() => {
    setForm(emptyTagEditForm(tag ?? ''));
    setDissolving(null);
  }, [tag]);
  const patch = (change: Partial<TagEditForm>) => setForm((current) => ({ ...current, ...change }));

  const send = async (body: TagEdit) => {
    const result = await editTag(body);
    setDissolving(null);
    if (result.error) return;
    showSuccess(t('tag.messages.saved'));
    onClose();
  };
  const submit = () => {
    if (tag === null) return;
    const check = checkTagEdit(tag, form);
    if (!check.ok) {
      if (check.error === 'unchanged') showInfo(t('tag.messages.unchanged'));
      else showError(t('tag.messages.invalidMapping'));
      return;
    }
    if (check.dissolves) setDissolving(check.body);
    else void send(check.body);
  };

  return (
    <>
      <FormDialog
        title={t('tag.title', { tag: tag ?? '' })}
        icon="tag"
        isOpen={tag !== null}
        onClose={onClose}
        submitText={t('tag.save')}
        busy={call.isLoading}
        className="mg-tag-editor"
        onSubmit={submit}
      >
        <Callout intent={Intent.WARNING} icon="info-sign" className="mg-tag-editor-note">
          {t('tag.overwriteNote')}
        </Callout>
        <FormGroup label={t('tag.fields.newTag')} labelFor="mg-tag-new" helperText={t('tag.hints.newTag')}>
          <InputGroup id="mg-tag-new" value={form.newTag} onValueChange={(newTag) => patch({ newTag })} />
        </FormGroup>
        <FormGroup label={t('tag.fields.models')} helperText={t('tag.hints.list')}>
          <NameListInput label={t('tag.fields.models')} values={form.models} onChange={(models) => patch({ models })} />
        </FormGroup>
        <FormGroup label={t('tag.fields.groups')} helperText={t('tag.hints.list')}>
          <NameListInput label={t('tag.fields.groups')} values={form.groups} onChange={(groups) => patch({ groups })} />
        </FormGroup>
        <FormGroup label={t('tag.fields.modelMapping')} labelFor="mg-tag-mapping" helperText={t('tag.hints.modelMapping')}>
          <TextArea
            id="mg-tag-mapping"
            fill
            rows={5}
            className="mg-tag-mapping"
            value={form.modelMapping}
            onChange={(event) => patch({ modelMapping: event.currentTarget.value })}
          />
          <div className="mg-toolbar">
            <Button size="small" variant="minimal" text={t('tag.mapping.template')} onClick={() => patch({ modelMapping: MAPPING_TEMPLATE })} />
            <Button size="small" variant="minimal" text={t('tag.mapping.clear')} onClick={() => patch({ modelMapping: '{}' })} />
            <Button size="small" variant="minimal" text={t('tag.mapping.unchanged')} onClick={() => patch({ modelMapping: '' })} />
          </div>
        </FormGroup>
      </FormDialog>
      <Alert
        isOpen={dissolving !== null}
        intent={Intent.DANGER}
        icon="warning-sign"
        loading={call.isLoading}
        confirmButtonText={t('tag.dissolve.confirm')}
        cancelButtonText={t('tag.dissolve.cancel')}
        onConfirm={() => dissolving && void send(dissolving)}
        onCancel={() => setDissolving(null)}
      >
        {t('tag.dissolve.message', { tag: tag ?? '' })}
      </Alert>
    </>
  );
}
