# corpus: profile=safe_eval decision=allow
"""Render short notices with string.Template, textwrap and typed records."""
import textwrap
from dataclasses import dataclass
from string import Template
from typing import Protocol, TypedDict


class Notice(TypedDict):
    recipient: str
    subject: str
    body: str


class Renderer(Protocol):
    def render(self, notice: Notice) -> str: ...


@dataclass
class PlainRenderer:
    width: int = 40
    template: Template = Template("To: $recipient\nSubject: $subject\n\n$body")

    def render(self, notice: Notice) -> str:
        body = textwrap.fill(notice["body"], width=self.width)
        return self.template.safe_substitute(notice, body=body)


def render_all(renderer: Renderer, notices: list[Notice]) -> list[str]:
    return [renderer.render(n) for n in notices]


notices: list[Notice] = [
    {"recipient": "ada@example.org", "subject": "Welcome",
     "body": "Thank you for joining. Your account is ready and your first report is attached."},
    {"recipient": "bob@example.org", "subject": "Reminder",
     "body": "The meeting moved to Thursday at ten."},
]
rendered = render_all(PlainRenderer(width=32), notices)
print(textwrap.indent("\n---\n".join(rendered), "| "))
