import { Section, SectionCard, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../../common/notify';
import { PricingJsonEditor } from './PricingJsonEditor';
import { mergeRows } from './pricing-rows';
import { usePricingRows } from './pricing-state';
import { PricingVisualEditor } from './PricingVisualEditor';
import { UnsetModelsPanel } from './UnsetModelsPanel';
import './pricing.css';

type PricingView = 'json' | 'visual' | 'unset';
const VIEWS: readonly PricingView[] = ['json', 'visual', 'unset'];

/**
 * The model pricing card of the operation tab (spec §2): JSON editing of the pricing maps, the
 * visual editor, and the enabled models that have no price or ratio yet. The visual editor's
 * unsaved rows survive switching between the three.
 */
export function PricingSection() {
  const { t } = useTranslation('setting');
  const [view, setView] = useState<PricingView>('json');
  const pricing = usePricingRows();

  return (
    <Section title={t('pricing.title')} subtitle={t('pricing.description')} className="mg-option-section mg-pricing-section">
      <SectionCard>
        <SegmentedControl
          className="mg-pricing-views"
          aria-label={t('pricing.title')}
          value={view}
          options={VIEWS.map((id) => ({ value: id, label: t(`pricing.views.${id}`) }))}
          onValueChange={(next) => setView(next as PricingView)}
        />
        {view === 'json' && <PricingJsonEditor />}
        {view === 'visual' && <PricingVisualEditor pricing={pricing} />}
        {view === 'unset' && (
          <UnsetModelsPanel
            rows={pricing.rows}
            onAdd={(incoming) => {
              pricing.setRows((current) => mergeRows(current, incoming));
              setView('visual');
              showInfo(t('pricing.unset.added'));
            }}
          />
        )}
      </SectionCard>
    </Section>
  );
}
