import { useLingui } from '@lingui/react/macro';
import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { AdminPost } from '@shared/schemas/blog';
import { hasBeenPublic, isScheduled } from '@shared/post-schedule';
import { utcToTeamWallTime } from '@shared/team-wall-time';
import { formatDateTime } from '@client/lib/format-date';

/**
 * The form's value for a post's scheduled moment: its Berlin wall time while it is scheduled, else
 * empty (publish at once). Called when the form opens, after a click: never while the server renders.
 */
export function initialPublishAt(post: AdminPost | null): string {
  return post && isScheduled(post, new Date()) && post.publishedAt ? utcToTeamWallTime(post.publishedAt) : '';
}

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
  return (
    <TextInput
      type="datetime-local"
      label={t`Veröffentlichen am (Berliner Zeit)`}
      description={
        published
          ? t`Leer lassen, um sofort zu veröffentlichen. Mit einem Zeitpunkt in der Zukunft erscheint der Post erst dann.`
          : t`Schalten Sie „Veröffentlicht“ ein, um den Post sofort oder zu einem Zeitpunkt zu veröffentlichen.`
      }
      disabled={!published}
      {...inputProps}
    />
  );
}
