/**
 * Two admins on one post (QA: a form opened before another admin hid the post published it again on
 * save, and of parallel saves the last silently won). A save names the version its form loaded; any
 * change since (a save, the eye, the star) refuses it with EDIT_CONFLICT and the post as it is now.
 */
import { describe, expect, it } from 'vitest';
import type { AdminPost } from '@shared/schemas/blog';
import { postInput, useBlogRuntime } from '../support/blog';
import { failureOf } from '../support/caller';

const { runtime, blog } = useBlogRuntime();

const auditActions = async (postId: string) =>
  (
    await runtime()
      .db.selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('object_id', '=', postId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((entry) => `${entry.action} ${entry.actor_id}`);

describe('a save from a form opened before another change', () => {
  it('after another admin hid the post with the eye: refused, and the post stays hidden with its text', async () => {
    const post = await blog().create({ title: 'Zwei Admins', content: 'Ursprünglicher Text', published: true });
    const other = await blog().anotherAdmin({ firstName: 'Bea', lastName: 'Zweite' });
    // A opens the form (version `post.version`); B hides the post.
    await other.caller.blog.setPublished({ id: post.id, value: false });

    // A fixes a typo; the form still says "published".
    const failure = await failureOf(
      blog().asAdmin.blog.update({
        id: post.id,
        version: post.version,
        data: postInput({ title: 'Zwei Admins (Tippfehler korrigiert)', content: 'Ursprünglicher Text', published: true }),
      }),
    );
    expect(failure).toMatchObject({ code: 'CONFLICT', httpStatus: 409, appCode: 'EDIT_CONFLICT' });
    const current = (failure.details as { current: AdminPost }).current;
    expect(current).toMatchObject({ id: post.id, published: false, title: 'Zwei Admins', version: post.version + 1 });

    const row = await blog().row(post.id);
    expect(row).toMatchObject({ published: 0, title: 'Zwei Admins', version: post.version + 1 });
    expect(await blog().asVisitor.blog.bySlug({ slug: post.slug, lang: 'de' })).toBeNull();
    // Only B's hide is recorded: A's refused save left no entry.
    expect((await auditActions(post.id)).sort()).toEqual(
      [`post.created ${blog().admin.id}`, `post.published ${blog().admin.id}`, `post.unpublished ${other.user.id}`].sort(),
    );

    // A saves over the version the refusal named, as the form does after taking the hide over.
    const saved = await blog().asAdmin.blog.update({
      id: post.id,
      version: current.version,
      data: postInput({ title: 'Zwei Admins (Tippfehler korrigiert)', content: 'Ursprünglicher Text', published: current.published }),
    });
    expect(saved).toMatchObject({ title: 'Zwei Admins (Tippfehler korrigiert)', published: false, version: current.version + 1 });
  });

  it("after another admin's save or star: refused, and their change stays", async () => {
    const post = await blog().create({ title: 'Vorher' });
    const other = await blog().anotherAdmin({ firstName: 'Bea', lastName: 'Zweite' });
    await other.caller.blog.update({ id: post.id, version: post.version, data: postInput({ title: 'Von Bea' }) });
    const afterSave = await failureOf(
      blog().asAdmin.blog.update({ id: post.id, version: post.version, data: postInput({ title: 'Von Maria' }) }),
    );
    expect(afterSave.appCode).toBe('EDIT_CONFLICT');
    expect((await blog().row(post.id)).title).toBe('Von Bea');

    const seen = (afterSave.details as { current: AdminPost }).current;
    await other.caller.blog.setFeatured({ id: post.id, value: true });
    const afterStar = await failureOf(
      blog().asAdmin.blog.update({ id: post.id, version: seen.version, data: postInput({ title: 'Von Maria' }) }),
    );
    expect(afterStar.appCode).toBe('EDIT_CONFLICT');
    expect(await blog().row(post.id)).toMatchObject({ title: 'Von Bea', featured: 1 });
  });

  it('of 20 saves from the same version at once, by two admins, exactly one is taken', async () => {
    const post = await blog().create({ title: 'Gleichzeitig', published: true });
    const other = await blog().anotherAdmin({ firstName: 'Bea', lastName: 'Zweite' });
    const callers = [blog().asAdmin, other.caller];
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, index) =>
        (callers[index % 2] ?? blog().asAdmin).blog.update({
          id: post.id,
          version: post.version,
          data: postInput({ title: `Fassung ${index}`, published: true }),
        }),
      ),
    );
    const taken = results.filter((result) => result.status === 'fulfilled');
    expect(taken).toHaveLength(1);
    for (const result of results) {
      if (result.status === 'rejected') expect((await failureOf(Promise.reject(result.reason))).appCode).toBe('EDIT_CONFLICT');
    }
    const row = await blog().row(post.id);
    expect(row.version).toBe(post.version + 1);
    expect(row.title).toBe((taken[0] as PromiseFulfilledResult<AdminPost>).value.title);
    expect((await auditActions(post.id)).filter((entry) => entry.startsWith('post.edited'))).toHaveLength(1);
  });

  it('a post deleted meanwhile is NOT_FOUND, as before', async () => {
    const post = await blog().create();
    await blog().asAdmin.blog.delete({ id: post.id });
    const failure = await failureOf(blog().asAdmin.blog.update({ id: post.id, version: post.version, data: postInput() }));
    expect(failure.appCode).toBe('NOT_FOUND');
  });

  it('a version beyond what the column holds is a refused input, not a server error (PostgreSQL: integer)', async () => {
    const post = await blog().create();
    for (const version of [2 ** 31, Number.MAX_SAFE_INTEGER]) {
      const failure = await failureOf(blog().asAdmin.blog.update({ id: post.id, version, data: postInput() }));
      expect(failure).toMatchObject({ httpStatus: 400, appCode: 'VALIDATION_FAILED' });
    }
    expect((await blog().row(post.id)).version).toBe(post.version);
  });
});
