import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { AdminPost } from '@shared/schemas/blog';
import { hasBeenPublic } from '@shared/post-schedule';
import { teamWallTimeToUtc } from '@shared/team-wall-time';
import { formatDateTime } from '@client/lib/format-date';

type PublishAtFieldProps = {
  post: AdminPost | null;
  /** The form's "Veröffentlicht" switch: only a published post is scheduled. */
  published: boolean;
  inputProps: GetInputPropsReturnType;
};

/**
 * When the post goes public, as a date+time input in Berlin time (the server reads it so, see
 * publishAtSchema). A post that has been public keeps its date: the field then only says since when.
 */
export function PublishAtField({ post, published, inputProps }: PublishAtFieldProps) {
  const { t, i18n } = useLingui();
  const publicSince = post?.publishedAt && hasBeenPublic(post.publishedAt, new Date()) ? post.publishedAt : null;
  if (publicSince) {
    const since = formatDateTime(publicSince, i18n.locale);
    return (
      <TextInput
        label={t`Veröffentlichen am (Berliner Zeit)`}
        value={since}
        description={t`Der Post ist seit ${since} öffentlich.`}
        disabled
        readOnly
      />
    );
  }
  // A moment already passed publishes the post at once with that date (an older post brought over), and a
  // public post's date is fixed from then on: said before saving, so a mistyped year is caught here.
  const chosen = published && typeof inputProps.value === 'string' && inputProps.value ? teamWallTimeToUtc(inputProps.value) : null;
  const isPast = chosen !== null && chosen <= new Date().toISOString();
  let description = t`Schalten Sie „Veröffentlicht“ ein, um den Post sofort oder zu einem Zeitpunkt zu veröffentlichen.`;
  if (isPast)
    description = t`Dieser Zeitpunkt ist vorbei: Der Post erscheint sofort, mit diesem Datum, und das Datum lässt sich danach nicht mehr ändern.`;
  else if (published)
    description = t`Leer lassen, um sofort zu veröffentlichen. Mit einem Zeitpunkt in der Zukunft erscheint der Post erst dann.`;
  return (
    <TextInput
      type="datetime-local"
      label={t`Veröffentlichen am (Berliner Zeit)`}
      description={description}
      disabled={!published}
      {...inputProps}
      // A draft's time is not read (blogPostInputSchema): a refusal from when it was published no longer applies.
      error={published ? inputProps.error : undefined}
    />
  );
}
