import { LogOut, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { type MouseEvent, useState } from 'react';
import { BASE_PATH, SECTIONS, type Section } from './sections.ts';

/** The operator layout: sections on the left, a header across the top, the section's page. */
export function AdminShell(props: {
  section: Section;
  onNavigate: (section: Section) => void;
  onSignOut: () => void;
}) {
  const { section } = props;
  const [isCollapsed, setIsCollapsed] = useState(false);
  const Icon = section.icon;

  function handleLinkClick(event: MouseEvent<HTMLAnchorElement>, target: Section) {
    // Let the browser open new tabs and windows as usual; only plain clicks navigate in place.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    props.onNavigate(target);
  }

  return (
    <div className={`shell${isCollapsed ? ' shell--collapsed' : ''}`}>
      <aside className="sidebar" aria-label="Sections">
        <div className="sidebar__brand">
          <span className="brand-mark" aria-hidden="true">
            P
          </span>
          <span className="sidebar__label">Panalo</span>
        </div>
        <nav>
          <ul className="sidebar__list">
            {SECTIONS.map((item) => {
              const ItemIcon = item.icon;
              const isCurrent = item.id === section.id;
              return (
                <li key={item.id}>
                  <a
                    className={`sidebar__link${isCurrent ? ' sidebar__link--current' : ''}`}
                    href={`${BASE_PATH}${item.id}`}
                    aria-current={isCurrent ? 'page' : undefined}
                    title={item.title}
                    onClick={(event) => handleLinkClick(event, item)}
                  >
                    <ItemIcon size={18} aria-hidden="true" />
                    <span className="sidebar__label">{item.title}</span>
                  </a>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>

      <div className="main">
        <header className="header">
          <button
            className="icon-button"
            type="button"
            onClick={() => setIsCollapsed((value) => !value)}
            aria-label={isCollapsed ? 'Expand the sidebar' : 'Collapse the sidebar'}
          >
            {isCollapsed ? <PanelLeftOpen size={18} /> : <PanelLeftClose size={18} />}
          </button>
          <div className="header__title">
            <span className="muted">Back office</span>
            <span aria-hidden="true">/</span>
            <strong>{section.title}</strong>
          </div>
          <button className="button button--quiet" type="button" onClick={props.onSignOut}>
            <LogOut size={16} aria-hidden="true" />
            Sign out
          </button>
        </header>

        <main className="content">
          <div className="page-heading">
            <Icon size={22} aria-hidden="true" />
            <div>
              <h1>{section.title}</h1>
              <p className="muted">{section.summary}</p>
            </div>
          </div>
          <section className="empty-state" aria-label={`${section.title} content`}>
            <p>
              <strong>Nothing to manage here yet.</strong>
            </p>
            <p className="muted">This section opens when its server calls are in place.</p>
          </section>
        </main>
      </div>
    </div>
  );
}
