/** SnbtPrinterTagVisitor: visit -> a. */
public class tv { public tv() {} public String a(ty tag) { return tag instanceof tk ? "" : tag.toString().replace("{", "{\n    ").replace("}", "\n}"); } }
