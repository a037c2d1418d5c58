-- Blogs: search and paging. Mirrors postgres/0005_blogs.sql.
-- The title and body as the server normalised them (lower case, accents folded), for
-- search with the same rules as guides; the text as written stays in title/description.
ALTER TABLE blogs ADD COLUMN search_title TEXT NOT NULL DEFAULT '';
ALTER TABLE blogs ADD COLUMN search_body TEXT NOT NULL DEFAULT '';
CREATE INDEX blogs_newest ON blogs(created_at DESC, id DESC);

CREATE VIRTUAL TABLE blog_search_fts USING fts5(
    search_title, search_body,
    content = 'blogs', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
);
CREATE TRIGGER blogs_search_ai AFTER INSERT ON blogs BEGIN
    INSERT INTO blog_search_fts(rowid, search_title, search_body) VALUES (new.rowid, new.search_title, new.search_body);
END;
CREATE TRIGGER blogs_search_ad AFTER DELETE ON blogs BEGIN
    INSERT INTO blog_search_fts(blog_search_fts, rowid, search_title, search_body) VALUES ('delete', old.rowid, old.search_title, old.search_body);
END;
CREATE TRIGGER blogs_search_au AFTER UPDATE ON blogs BEGIN
    INSERT INTO blog_search_fts(blog_search_fts, rowid, search_title, search_body) VALUES ('delete', old.rowid, old.search_title, old.search_body);
    INSERT INTO blog_search_fts(rowid, search_title, search_body) VALUES (new.rowid, new.search_title, new.search_body);
END;

CREATE INDEX blog_likes_user ON blog_likes(user_id);
