import { msg } from '@lingui/core/macro';
import { FOUNDATION_YEAR } from '@shared/constants';

export const PAGE_META = {
  title: msg`Über uns`,
  description: msg`Wer hinter SchoolBox steht: unsere Mission und Vision, wie der Verein ${FOUNDATION_YEAR} in Köln entstand, wofür wir stehen, unser Team und was wir bisher erreicht haben.`,
};
