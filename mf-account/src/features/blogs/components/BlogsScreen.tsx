import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Card, Heading, Page, usePageMeta } from '@matchday/ui';
import { Stack } from '@matchday/ui/unshared';
import { Muted } from '../../../lib/layout';
import { POSTS } from '../posts';

const Post = styled(Card)`
  display: grid;
  gap: 0.7rem;
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h2 a {
    text-decoration: none;
  }
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem;
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Soon = styled(Card)`
  text-align: center;
  h2 {
    margin: 0 0 0.3rem;
    font-size: 1.1rem;
  }
`;

export function BlogsScreen() {
  usePageMeta({ title: 'Blog Posts', description: 'Articles on football statistics, fantasy football and match analysis from Matchday.' });
  return (
    <Page>
      <Heading>Blog Posts</Heading>
      <Muted style={{ marginBottom: '1.25rem' }}>Insights and guides on football statistics and fantasy football.</Muted>
      <Stack $gap="1.25rem">
        {POSTS.map((post) => (
          <Post as="article" key={post.slug} aria-labelledby={`post-${post.slug}`} data-testid="blog-post">
            <Muted>
              <time dateTime={post.published}>{post.publishedLabel}</time> · {post.readingTime}
            </Muted>
            <h2 id={`post-${post.slug}`}>
              <Link to={post.path}>{post.title}</Link>
            </h2>
            <p style={{ margin: 0 }}>{post.excerpt}</p>
            <Tags aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Badge>{tag}</Badge>
                </li>
              ))}
            </Tags>
            <div>
              <Button as={Link} to={post.path} aria-label={`Read More: ${post.title}`}>
                Read More
              </Button>
            </div>
          </Post>
        ))}
        <Soon>
          <h2>More Posts Coming Soon!</h2>
          <Muted>We are writing more guides on statistics, tactics and fantasy strategy.</Muted>
        </Soon>
      </Stack>
    </Page>
  );
}
