-- Blogs: search and paging. Mirrors sqlite/0005_blogs.sql.
-- The title and body as the server normalised them (lower case, accents folded), for
-- search with the same rules as guides; the text as written stays in title/description.
ALTER TABLE blogs ADD COLUMN search_title TEXT NOT NULL DEFAULT '';
ALTER TABLE blogs ADD COLUMN search_body TEXT NOT NULL DEFAULT '';
ALTER TABLE blogs ADD COLUMN document tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', search_title), 'A') || setweight(to_tsvector('simple', search_body), 'B')
) STORED;
CREATE INDEX blogs_document ON blogs USING GIN (document);
CREATE INDEX blogs_newest ON blogs(created_at DESC, id DESC);

CREATE INDEX blog_likes_user ON blog_likes(user_id);
