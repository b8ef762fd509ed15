import { Button, NonIdealState, Section, SectionCard, Spinner, SpinnerSize, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../common/copy-feedback';
import { readStored, StorageKey, writeStored } from '../../common/local-storage';
import { useGetUserModelsQuery } from '../account/self-api';

/** How many model tags show before the list collapses (spec §9). */
export const COLLAPSED_MODEL_COUNT = 10;

/** The models the user may call, as tags that copy their name; long lists fold after ten. */
export function ModelsSection() {
  const { t } = useTranslation('personal');
  const { data: models = [], isLoading } = useGetUserModelsQuery();
  const [expanded, setExpanded] = useState(() => readStored(StorageKey.modelsExpanded) === 'true');
  const foldable = models.length > COLLAPSED_MODEL_COUNT;
  const shown = foldable && !expanded ? models.slice(0, COLLAPSED_MODEL_COUNT) : models;

  const toggle = () => {
    writeStored(StorageKey.modelsExpanded, String(!expanded));
    setExpanded(!expanded);
  };

  return (
    <Section title={t('models.title')} icon="cube">
      <SectionCard>
        {isLoading ? (
          <Spinner size={SpinnerSize.SMALL} />
        ) : models.length === 0 ? (
          <NonIdealState icon="cube" description={t('models.empty')} />
        ) : (
          <div className="mg-model-tags">
            {shown.map((model) => (
              <Tag key={model} interactive minimal onClick={() => void copyWithFeedback(model)}>
                {model}
              </Tag>
            ))}
            {foldable && (
              <Button
                size="small"
                variant="minimal"
                icon={expanded ? 'chevron-up' : 'chevron-down'}
                text={expanded ? t('models.showLess') : t('models.showMore', { count: models.length - COLLAPSED_MODEL_COUNT })}
                onClick={toggle}
              />
            )}
          </div>
        )}
      </SectionCard>
    </Section>
  );
}
